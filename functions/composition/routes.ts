// The tenant's HTTP API as data, the one list of its routes: method, path, who may call it and the
// function that serves it. infra/lib/http-api.ts deploys exactly these (infra/lib/functions.ts checks
// each `fn` is a function), and the local gateway serves them (local/routes.ts) with each `fn`'s
// handler from app.ts; the console's handler and sign-in dispatch on the same route keys.

/** The functions behind the HTTP API (names as in infra/lib/functions.ts). */
export type RouteFunction = 'webhook-ingest' | 'store-webhook' | 'approval-callback' | 'runs-api' | 'cancel-run' | 'dead-letters' | 'shadow-api' | 'console';

/**
 * Who may call a route. `iam`: only a SigV4-signed request from a principal allowed
 * execute-api:Invoke (the operators' API: it shows customer data and cancels runs). `console`: a
 * person signed in to the tenant's console user pool (the console-authorizer checks the session's ID
 * token before the function runs). `public`: the route authenticates each request itself, and `why` says how.
 */
export type RouteAuth = { kind: 'iam' } | { kind: 'console' } | { kind: 'public'; why: string };

export type Route = {
  method: 'GET' | 'POST';
  /** API Gateway style path, e.g. /api/runs/{runId}. */
  path: string;
  fn: RouteFunction;
  auth: RouteAuth;
  /** Deployed only: the local runtime does not serve it (nobody signs in to the local console). */
  deployedOnly?: true;
};

const OPERATORS: RouteAuth = { kind: 'iam' };
const SIGNED_IN: RouteAuth = { kind: 'console' };
const APPROVAL_LINK: RouteAuth = {
  kind: 'public',
  why: 'support leads open it from an email: the per-approver signed link and the single-use form token authenticate the decision',
};
const SIGN_IN: RouteAuth = {
  kind: 'public',
  why: 'the console sign-in: redirects to and from the Cognito hosted UI (code flow with PKCE and a state cookie); it shows no data',
};

/** HTTP API routes → the function serving them. */
export const ROUTES: readonly Route[] = [
  {
    method: 'POST',
    path: '/webhooks/{helpdesk}',
    fn: 'webhook-ingest',
    auth: { kind: 'public', why: "the helpdesk calls it: every delivery is HMAC-verified with that helpdesk's webhook secret" },
  },
  // More specific than /webhooks/{helpdesk}, so API Gateway (and the local gateway) routes Shopify's deliveries here.
  {
    method: 'POST',
    path: '/webhooks/shopify',
    fn: 'store-webhook',
    auth: { kind: 'public', why: "the Shopify store calls it: every delivery is HMAC-verified with the app's webhook secret" },
  },
  { method: 'GET', path: '/approvals/{approvalId}', fn: 'approval-callback', auth: APPROVAL_LINK },
  { method: 'POST', path: '/approvals/{approvalId}', fn: 'approval-callback', auth: APPROVAL_LINK },
  // The approval page's thumbnails: the same per-approver signed link authenticates each one.
  { method: 'GET', path: '/approvals/{approvalId}/attachments/{n}', fn: 'approval-callback', auth: APPROVAL_LINK },
  { method: 'GET', path: '/api/runs', fn: 'runs-api', auth: OPERATORS },
  { method: 'GET', path: '/api/runs/{runId}', fn: 'runs-api', auth: OPERATORS },
  { method: 'POST', path: '/api/runs/{runId}/cancel', fn: 'cancel-run', auth: OPERATORS },
  { method: 'GET', path: '/api/dead-letters', fn: 'dead-letters', auth: OPERATORS },
  { method: 'GET', path: '/api/shadow', fn: 'shadow-api', auth: OPERATORS },
  { method: 'POST', path: '/api/shadow/{classKey}/promote', fn: 'shadow-api', auth: OPERATORS },
  { method: 'POST', path: '/api/dead-letters/{messageId}/retry', fn: 'dead-letters', auth: OPERATORS },
  // The operator console's pages and actions (console/handler.ts): signed-in people only (roles checked per action by the function).
  { method: 'GET', path: '/', fn: 'console', auth: SIGNED_IN },
  { method: 'GET', path: '/runs/{runId}', fn: 'console', auth: SIGNED_IN },
  { method: 'GET', path: '/queues', fn: 'console', auth: SIGNED_IN },
  { method: 'GET', path: '/pictures', fn: 'console', auth: SIGNED_IN },
  { method: 'GET', path: '/reports/eval', fn: 'console', auth: SIGNED_IN },
  { method: 'GET', path: '/queues/approvals/{approvalId}', fn: 'console', auth: SIGNED_IN },
  { method: 'POST', path: '/queues/approvals/{approvalId}', fn: 'console', auth: SIGNED_IN },
  { method: 'POST', path: '/queues/reviews/{runId}', fn: 'console', auth: SIGNED_IN },
  { method: 'POST', path: '/queues/dead-letters/{messageId}/retry', fn: 'console', auth: SIGNED_IN },
  // A run's actions (console/action-routes.ts): the cancel's confirm step and the cancel, a re-run, a hand-back, a return in flight.
  { method: 'GET', path: '/runs/{runId}/attachments/{n}', fn: 'console', auth: SIGNED_IN },
  { method: 'GET', path: '/runs/{runId}/cancel', fn: 'console', auth: SIGNED_IN },
  { method: 'POST', path: '/runs/{runId}/cancel', fn: 'console', auth: SIGNED_IN },
  { method: 'POST', path: '/runs/{runId}/rerun', fn: 'console', auth: SIGNED_IN },
  { method: 'POST', path: '/runs/{runId}/hand-back', fn: 'console', auth: SIGNED_IN },
  { method: 'POST', path: '/runs/{runId}/return', fn: 'console', auth: SIGNED_IN },
  // Its sign-in (console/sign-in.ts); the local console's one person is the local operator instead.
  { method: 'GET', path: '/auth/login', fn: 'console', auth: SIGN_IN, deployedOnly: true },
  { method: 'GET', path: '/auth/callback', fn: 'console', auth: SIGN_IN, deployedOnly: true },
  { method: 'GET', path: '/auth/logout', fn: 'console', auth: SIGN_IN, deployedOnly: true },
  // No route reaches the MCP server: its only door is its own function URL (AuthType AWS_IAM),
  // which only the mcpClient functions' roles may invoke (infra/lib/refund-agent.ts, access.ts).
];

/** The route helpdesks deliver to: deployed as one throttled route per helpdesk (infra/lib/http-api.ts). */
export const WEBHOOK_ROUTE = ROUTES[0]!;
/** The route the Shopify store delivers to: throttled like the helpdesks' (infra/lib/http-api.ts). */
export const STORE_WEBHOOK_ROUTE = ROUTES[1]!;

export const routeKeyOf = (route: { method: string; path: string }): string => `${route.method} ${route.path}`;
