// Who is using the console and what they may do. Roles come from the sign-in (deployed: the Cognito
// groups in the JWT the API's authorizer checked; locally: one operator with every role). What each
// role may do is data: viewers read, leads decide approvals and act on escalations (re-run, pick the
// order, hand back), operators settle reviews, retry dead letters and cancel runs. The claims are read
// here and nowhere else.
import type { HttpEvent } from '../../shared/http.js';

export const ROLES = ['viewer', 'lead', 'operator'] as const;
export type Role = (typeof ROLES)[number];

export type ConsoleAction = 'decideApproval' | 'settleReview' | 'retryDeadLetter' | 'cancelRun' | 'rerun' | 'handBack' | 'settleReturn';

/**
 * The role an action needs (a person may hold several roles). Cancelling a run stops the machine
 * (like retrying a dead letter): an operator's. Re-running an escalated ticket, picking its order
 * (a re-run bound to it, which may refund that order) and handing it back to the team are decisions
 * about a customer's request: a lead's, like approvals; so is marking a returned parcel received,
 * giving it more days or cancelling the return.
 */
export const ACTION_ROLE: Readonly<Record<ConsoleAction, Role>> = {
  decideApproval: 'lead',
  settleReview: 'operator',
  retryDeadLetter: 'operator',
  cancelRun: 'operator',
  rerun: 'lead',
  handBack: 'lead',
  settleReturn: 'lead',
};

export interface Operator {
  /** What the journal records as the actor: the signed-in email, or "local-operator". */
  id: string;
  roles: readonly Role[];
}

export const may = (who: Operator, action: ConsoleAction): boolean => who.roles.includes(ACTION_ROLE[action]);

/** The person at `npm start`: nobody signs in on a laptop. */
export const LOCAL_OPERATOR: Operator = { id: 'local-operator', roles: ROLES };

/** Reads who signed in from the claims of a JWT the HTTP API's authorizer has verified; null without one. */
export function operatorFromJwtClaims(event: HttpEvent): Operator | null {
  const context = event.requestContext as HttpEvent['requestContext'] & { authorizer?: { jwt?: { claims?: Record<string, unknown> } } };
  const claims = context.authorizer?.jwt?.claims;
  if (!claims) return null;
  const email = typeof claims.email === 'string' ? claims.email : null;
  const id = email ?? (typeof claims.sub === 'string' ? claims.sub : null);
  if (!id) return null;
  return { id, roles: groupsOf(claims['cognito:groups']) };
}

/**
 * Who signed in, from the console authorizer's context (authorizer.ts verified the session's ID
 * token); null without one. Groups that are not console roles are ignored.
 */
export function operatorFromAuthorizer(event: HttpEvent): Operator | null {
  const context = event.requestContext as HttpEvent['requestContext'] & { authorizer?: { lambda?: Record<string, unknown> } };
  const signedIn = context.authorizer?.lambda;
  if (!signedIn) return operatorFromJwtClaims(event);
  const id = typeof signedIn.email === 'string' && signedIn.email ? signedIn.email : typeof signedIn.sub === 'string' ? signedIn.sub : null;
  return id ? { id, roles: groupsOf(signedIn.groups) } : null;
}

/** API Gateway passes array claims as "[a b]" strings; a test may pass an array. */
function groupsOf(raw: unknown): Role[] {
  const names = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? raw.replace(/^\[|\]$/g, '').split(/[\s,]+/) : [];
  return ROLES.filter((role) => names.includes(role));
}
