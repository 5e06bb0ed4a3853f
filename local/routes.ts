// The local HTTP API's routes: the HTTP API's list (functions/composition/routes.ts, the one infra/ deploys), each
// served by its function's handler from app.ts, less the deployed-only sign-in; plus the one route
// only the local runtime has, its captured mail.
import { ROUTES, type RouteFunction } from '#functions/composition/routes.js';
import type { HttpHandler, Route } from './http-api.js';

/** Routes the local runtime serves beyond the HTTP API: the SES capture's emails. */
export const LOCAL_ONLY_ROUTES = [{ method: 'GET', path: '/api/mail' }] as const;

/**
 * `sandboxPages`: the read-only ticket, order and execution pages the console links to locally, and
 * the icon (local/sandbox/pages.ts).
 */
export function localRoutes(
  handlers: Readonly<Record<RouteFunction, HttpHandler>>,
  local: { mail: HttpHandler },
  sandboxPages: readonly Route[] = [],
): Route[] {
  return [
    ...ROUTES.filter((route) => !route.deployedOnly).map((route) => ({ method: route.method, path: route.path, handler: handlers[route.fn] })),
    ...LOCAL_ONLY_ROUTES.map((route) => ({ ...route, handler: local.mail })),
    ...sandboxPages,
  ];
}
