// The console's routes as data: the local gateway serves them, and infra deploys each behind the
// sign-in (infra/lib/functions.ts). handler.ts dispatches on the same route keys.
export type ConsoleRoute = { method: 'GET' | 'POST'; path: string };

export const CONSOLE_ROUTES: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/' },
  { method: 'GET', path: '/runs/{runId}' },
  { method: 'GET', path: '/queues' },
  { method: 'GET', path: '/pictures' },
  { method: 'GET', path: '/reports/eval' },
  { method: 'POST', path: '/queues/approvals/{approvalId}' },
  { method: 'POST', path: '/queues/reviews/{runId}' },
  { method: 'POST', path: '/queues/dead-letters/{messageId}/retry' },
];
