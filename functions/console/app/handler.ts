// The operator console's HTTP face: server-rendered pages and form actions, one handler for every
// console route (local gateway and the deployed `console` Lambda alike). The GET pages are drawn in
// page-routes.ts, the run actions' routes in action-routes.ts; this file checks and routes.
//   GET  /                                         runs (filters, search, pages)
//   GET  /runs/{runId}                             a run as a timeline
//   GET  /queues                                   approvals, pending review, escalations, dead letters
//   GET  /pictures                                 shadow agreement, latest evaluation, tickets and cost per day
//   GET  /reports/eval                             the newest evaluation report (when one is at hand)
//   GET  /queues/approvals/{approvalId}            an approval's evidence and the confirm form (views/approvals.ts)
//   POST /queues/approvals/{approvalId}            decide (lead)
//   POST /queues/reviews/{runId}                   settle a pending review (operator)
//   POST /queues/dead-letters/{messageId}/retry    retry a dead letter (operator)
//   GET|POST /runs/{runId}/cancel, POST /runs/{runId}/rerun, /hand-back   run actions (action-routes.ts)
// Every page carries the security headers; every POST needs the person's CSRF token, the right
// role and a same-origin request, and is journaled with who did it. URLs carry ids only.
import * as z from 'zod';
import type { Run } from '#functions/shared/domain/run.js';
import type { Clock } from '#harness/ports.js';
import type { Policy } from '#harness/policy/document.js';
import { rawBody, type HttpEvent, type HttpResult } from '../../shared/http.js';
import { DEAD_LETTER_ID } from '#functions/shared/domain/dead-letters.js';
import type { StoreProfile, StepDeps } from '../../shared/step/deps.js';
import { createFormats } from '../../shared/approvals/formats.js';
import { executionUrl, orderLink, runLinks, type LocalLinkBases } from './links.js';
import type { OrderCandidatesReader } from './order-candidates.js';
import { may, type ConsoleAction, type Operator } from './identity.js';
import { ACTION_NOTICES, type RunActions } from './actions.js';
import { createActionRoutes } from './action-routes.js';
import { APPROVAL_ID, pageOf, parseFilter, RUN_ID, type PageTools } from './page-routes.js';
import { createCsrf, page, sameOrigin, seeOther } from './security.js';
import type { ConsoleData } from './use-case.js';
import { parseReviewForm } from './review-form.js';
import { escaped, layout, renderIn } from './views/layout.js';

export interface ConsoleHandlerDeps {
  tenant: string;
  /** Shown in the header: "local" or e.g. "eu-west-1". */
  environment: string;
  data: ConsoleData;
  clock: Clock;
  /** Who is asking (local: the local operator; deployed: the JWT's claims); null: not signed in. */
  identify(event: HttpEvent): Operator | null;
  /** Signs the CSRF tokens of the console's forms. */
  csrfSecret: string;
  /** The tenant's helpdesk and store (ticket and order links), and the state machine (execution links). */
  links?: { helpdesk?: StepDeps['tenant']['helpdesk']; store?: StoreProfile; stateMachineArn?: string; local?: LocalLinkBases };
  /** The newest evaluation report, when one is at hand (locally eval/out/). */
  evalReport?: () => Promise<{ name: string; html: string } | null>;
  /** Where a person who is not signed in is sent (deployed: the hosted sign-in); absent, a 401 page. */
  signInUrl?: string;
  /** Cancel, re-run, pick the order, hand back (actions.ts); absent: those routes are 404s. */
  actions?: RunActions;
  /** The tenant's policy: the run page words a gate's approval reasons with its numbers. */
  policy?: Policy;
  /** Reads the customer's images through the tenant's helpdesk for the run page's thumbnails; absent: plain links. */
  attachments?: PageTools['attachments'];
  /** Reads the orders a lead may pick for an escalated run from the store; absent: the numbers the customer wrote alone. */
  orderCandidates?: OrderCandidatesReader;
}

const NOTICES: Record<string, string> = {
  ...ACTION_NOTICES,
  approved: 'Approved. The refund will be issued now and a reply drafted on the ticket.',
  rejected: 'Rejected. No refund will be made; the ticket goes back to the team.',
  'nothing-left': 'Closed, nothing left to refund. Nothing was refunded; the ticket goes to the team with a note saying why.',
  'settled-found': 'Settled: the refund was found in the store and recorded on the run.',
  'settled-none': 'Settled: no refund was made; the idempotency key is released and the ticket is with the team.',
  retried: 'Sent back to the ticket queue.',
};

const DecisionForm = z.object({
  csrf: z.string().max(200),
  decision: z.enum(['approve', 'reject']),
  reason: z.string().max(300).optional(),
  back: z.enum(['run', 'queues']).optional(),
});
const RetryForm = z.object({ csrf: z.string().max(200) });

export { executionUrl, parseFilter };

/** The page tools, the checks every action shares, and the run actions' routes, built once per handler. */
interface ConsoleKit extends PageTools {
  deps: ConsoleHandlerDeps;
  refused(event: HttpEvent, who: Operator, action: ConsoleAction, token: string | undefined): HttpResult | null;
  actionRoutes: ReturnType<typeof createActionRoutes> | undefined;
}

function consoleKit(deps: ConsoleHandlerDeps): ConsoleKit {
  const csrf = createCsrf({ secret: deps.csrfSecret, clock: deps.clock });
  const frame: PageTools['frame'] = (who, title, nav, notice = null) => ({
    title,
    nav,
    who: who.id,
    tenant: deps.tenant,
    environment: deps.environment,
    notice,
  });
  const problem: PageTools['problem'] = (who, status, title, message, back = '/queues') =>
    page(status, layout(frame(who, title, null, { text: message, kind: 'error' }), `<p><a href="${escaped(back)}">Back</a></p>`));
  /** Checks every action shares: same origin, the role, the CSRF token signed for this person. */
  const refused: ConsoleKit['refused'] = (event, who, action, token) => {
    if (!sameOrigin(event)) return problem(who, 403, 'Refused', 'The form was not sent from the console.');
    if (!may(who, action)) return problem(who, 403, 'Not allowed', `Your role may not do this (${who.roles.join(', ') || 'no role'}).`);
    if (!csrf.verify(who.id, token)) return problem(who, 403, 'Form expired', 'The form is out of date or not yours. Reload the page and try again.');
    return null;
  };
  return {
    deps,
    data: deps.data,
    csrf,
    linksOf: (run: Run) => runLinks(run, deps.links),
    orderLinkOf: (order) => orderLink({ orderId: order.id, number: order.number }, deps.links),
    ...(deps.orderCandidates ? { orderCandidates: deps.orderCandidates } : {}),
    // Times and money on every page in the store's zone and locale (UTC and en-US when it names none).
    formatsNow: () => createFormats({ locale: deps.links?.store?.locale, timeZone: deps.links?.store?.timeZone, now: deps.clock.now() }),
    frame,
    noticeOf: (event) => {
      const code = event.queryStringParameters?.notice;
      return code && NOTICES[code] ? { text: NOTICES[code], kind: 'ok' } : null;
    },
    problem,
    hasActions: !!deps.actions,
    policy: deps.policy,
    evalReport: deps.evalReport,
    ...(deps.attachments ? { attachments: deps.attachments } : {}),
    refused,
    actionRoutes:
      deps.actions &&
      createActionRoutes(deps.actions, {
        refused,
        problem,
        page: (who, title, content) => page(200, layout(frame(who, title, 'runs'), content)),
        csrfFor: (who) => csrf.issue(who.id),
        run: async (runId) => (await deps.data.run(runId))?.run ?? null,
      }),
  };
}

async function get(kit: ConsoleKit, event: HttpEvent, who: Operator): Promise<HttpResult> {
  const routeKey = event.routeKey;
  const now = kit.deps.clock.now();
  const drawn = pageOf(routeKey);
  if (drawn) return drawn(kit, event, who, now);
  const action = await kit.actionRoutes?.get(event, who);
  if (action) return action;
  return kit.problem(who, 404, 'Not found', 'There is no such console page.', '/');
}

type Action = (kit: ConsoleKit, event: HttpEvent, who: Operator, fields: Record<string, string>) => Promise<HttpResult>;

const back = (to: 'run' | 'queues' | undefined, runId: string | undefined, notice: string) =>
  seeOther(to === 'run' && runId ? `/runs/${encodeURIComponent(runId)}?notice=${notice}` : `/queues?notice=${notice}`);

const decide: Action = async (kit, event, who, fields) => {
  const approvalId = event.pathParameters?.approvalId ?? '';
  const form = DecisionForm.safeParse(fields);
  const denied = kit.refused(event, who, 'decideApproval', form.success ? form.data.csrf : undefined);
  if (denied) return denied;
  if (!form.success || !APPROVAL_ID.test(approvalId)) return kit.problem(who, 400, 'Incomplete form', 'Choose approve or reject.');
  const outcome = await kit.data.decideApproval(who, approvalId, form.data.decision, form.data.reason?.trim() || null);
  return outcome.ok ? back(form.data.back, outcome.runId, outcome.notice) : kit.problem(who, outcome.status, 'Not decided', outcome.message);
};

const settle: Action = async (kit, event, who, fields) => {
  const runId = event.pathParameters?.runId ?? '';
  const form = parseReviewForm(fields);
  const denied = kit.refused(event, who, 'settleReview', form.csrf);
  if (denied) return denied;
  if (!form.ok || !RUN_ID.test(runId))
    return kit.problem(who, 400, 'Incomplete form', form.ok ? 'That is not a run id.' : form.message, `/runs/${encodeURIComponent(runId)}`);
  const outcome = await kit.data.settleReview(who, runId, form.settlement, kit.formatsNow());
  return outcome.ok
    ? back(form.back, runId, outcome.notice)
    : kit.problem(who, outcome.status, 'Not settled', outcome.message, `/runs/${encodeURIComponent(runId)}`);
};

const retry: Action = async (kit, event, who, fields) => {
  const messageId = event.pathParameters?.messageId ?? '';
  const form = RetryForm.safeParse(fields);
  const denied = kit.refused(event, who, 'retryDeadLetter', form.success ? form.data.csrf : undefined);
  if (denied) return denied;
  if (!DEAD_LETTER_ID.test(messageId)) return kit.problem(who, 400, 'Not a message id', 'That is not a dead letter.');
  const outcome = await kit.data.retryDeadLetter(who, messageId);
  return outcome.ok ? back('queues', undefined, outcome.notice) : kit.problem(who, outcome.status, 'Not retried', outcome.message);
};

const ACTIONS: ReadonlyMap<string, Action> = new Map([
  ['POST /queues/approvals/{approvalId}', decide],
  ['POST /queues/reviews/{runId}', settle],
  ['POST /queues/dead-letters/{messageId}/retry', retry],
]);

async function post(kit: ConsoleKit, event: HttpEvent, who: Operator): Promise<HttpResult> {
  const fields = Object.fromEntries(new URLSearchParams(rawBody(event)));
  const act = ACTIONS.get(event.routeKey);
  if (act) return act(kit, event, who, fields);
  const action = await kit.actionRoutes?.post(event, who, fields);
  if (action) return action;
  return kit.problem(who, 404, 'Not found', 'There is no such console action.', '/');
}

export function createConsoleHandler(deps: ConsoleHandlerDeps) {
  const kit = consoleKit(deps);
  return async (event: HttpEvent): Promise<HttpResult> => {
    const who = deps.identify(event);
    if (!who) {
      if (deps.signInUrl) return seeOther(deps.signInUrl);
      return page(
        401,
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title></head><body><main><h1>Sign in</h1><p>Sign in to use the console.</p></main></body></html>',
      );
    }
    const method = event.requestContext.http.method.toUpperCase();
    if (method === 'GET') return renderIn(kit.formatsNow(), () => get(kit, event, who));
    if (method === 'POST') return renderIn(kit.formatsNow(), () => post(kit, event, who));
    return page(405, layout(kit.frame(who, 'Not allowed', null), '<p>Use the console’s links and buttons.</p>'));
  };
}
