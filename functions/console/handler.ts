// The operator console's HTTP face: server-rendered pages and form actions, one handler for every
// console route (local gateway and the deployed `console` Lambda alike).
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
import { RunStatus, type Run } from '#functions/shared/domain/run.js';
import type { Clock } from '#harness/ports.js';
import type { Policy } from '#harness/policy/document.js';
import { rawBody, type HttpEvent, type HttpResult } from '../shared/http.js';
import { DEAD_LETTER_ID } from '../dead-letters/use-case.js';
import type { StoreProfile, StepDeps } from '../shared/step-deps.js';
import { createFormats } from '../shared/approvals/formats.js';
import { executionUrl, runLinks, type LocalLinkBases } from './links.js';
import { may, type ConsoleAction, type Operator } from './identity.js';
import { ACTION_NOTICES, type RunActions } from './actions.js';
import { actionsViewFor, createActionRoutes } from './action-routes.js';
import { createCsrf, page, sameOrigin, seeOther, SECURITY_HEADERS } from './security.js';
import type { ConsoleData } from './use-case.js';
import { parseReviewForm, reviewContextFor, reviewContextsFor } from './review-form.js';
import { e, fitDocument, layout, renderIn, type NavItem, type PageFrame } from './views/layout.js';
import { picturesContent } from './views/pictures.js';
import { queuesContent } from './views/queues.js';
import { approvalConfirmContent, confirmTitle } from './views/approvals.js';
import { runsContent, type RunsFilter } from './views/runs.js';
import { timelineContent } from './views/timeline.js';

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
}

const RUN_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
const APPROVAL_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Ids, order numbers, a customer's name or email: letters of any script, digits, spaces and the marks names and emails use. */
const SEARCH = /^[\p{L}\p{M}\p{N} _.@+'’/:#&,()-]{1,128}$/u;

const NOTICES: Record<string, string> = {
  ...ACTION_NOTICES,
  approved: 'Approved. The refund will be issued now and a reply drafted on the ticket.',
  rejected: 'Rejected. No refund will be made; the ticket goes back to the team.',
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

export { executionUrl };

/** The runs filter from the query string: unknown or malformed values are dropped and said so. */
export function parseFilter(query: Record<string, string | undefined>): { filter: RunsFilter; problems: string[] } {
  const problems: string[] = [];
  const filter: RunsFilter = { page: 1 };
  const take = (key: keyof Omit<RunsFilter, 'page' | 'status'>, pattern: RegExp, what: string) => {
    const value = query[key]?.trim();
    if (!value) return;
    if (pattern.test(value)) filter[key] = value;
    else problems.push(`${what} ignored: ${key === 'q' ? "search takes up to 128 letters, digits, spaces and . _ @ + ' / : # & , ( ) -" : 'not valid'}`);
  };
  const status = query.status?.trim();
  if (status) {
    const parsed = RunStatus.safeParse(status);
    if (parsed.success) filter.status = parsed.data;
    else problems.push('Status ignored: not a run status');
  }
  take('state', /^[A-Za-z]{1,40}$/, 'State');
  take('order', /^\d{1,12}$/, 'Order number');
  take('ticket', /^[A-Za-z0-9_-]{1,64}$/, 'Ticket id');
  take('from', DAY, 'From date');
  take('to', DAY, 'To date');
  take('q', SEARCH, 'Search');
  const pageNumber = Number(query.page ?? '1');
  filter.page = Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 1000 ? pageNumber : 1;
  return { filter, problems };
}

export function createConsoleHandler(deps: ConsoleHandlerDeps) {
  const csrf = createCsrf({ secret: deps.csrfSecret, clock: deps.clock });
  const linksOf = (run: Run) => runLinks(run, deps.links);
  // Times and money on every page in the store's zone and locale (UTC and en-US when it names none).
  const formatsNow = () => createFormats({ locale: deps.links?.store?.locale, timeZone: deps.links?.store?.timeZone, now: deps.clock.now() });

  const frame = (who: Operator, title: string, nav: NavItem | null, notice: PageFrame['notice'] = null): PageFrame => ({
    title,
    nav,
    who: who.id,
    tenant: deps.tenant,
    environment: deps.environment,
    notice,
  });
  const noticeOf = (event: HttpEvent): PageFrame['notice'] => {
    const code = event.queryStringParameters?.notice;
    return code && NOTICES[code] ? { text: NOTICES[code], kind: 'ok' } : null;
  };
  const problem = (who: Operator, status: number, title: string, message: string, back = '/queues') =>
    page(status, layout(frame(who, title, null, { text: message, kind: 'error' }), `<p><a href="${e(back)}">Back</a></p>`));

  async function get(event: HttpEvent, who: Operator): Promise<HttpResult> {
    const routeKey = event.routeKey;
    const now = deps.clock.now();
    if (routeKey === 'GET /') {
      const { filter, problems } = parseFilter(event.queryStringParameters ?? {});
      const listed = await deps.data.listRuns(filter, linksOf);
      return page(200, layout(frame(who, 'Runs', 'runs', noticeOf(event)), runsContent({ filter, problems, ...listed })));
    }
    if (routeKey === 'GET /runs/{runId}') {
      const runId = event.pathParameters?.runId ?? '';
      if (!RUN_ID.test(runId)) return problem(who, 400, 'Not a run id', 'That is not a run id.', '/');
      const found = await deps.data.run(runId);
      if (!found) return problem(who, 404, 'Run not found', `Run ${runId} was not found.`, '/');
      const content = timelineContent(found.run, found.journal, {
        links: linksOf(found.run),
        canDecide: may(who, 'decideApproval'),
        canSettle: may(who, 'settleReview'),
        csrf: csrf.issue(who.id),
        now,
        ...(deps.policy ? { policy: deps.policy } : {}),
        actions: deps.actions ? actionsViewFor(who, csrf.issue(who.id)) : undefined,
        review:
          found.run.status === 'pending_review' && may(who, 'settleReview')
            ? await reviewContextFor(found.run, deps.data, linksOf(found.run), formatsNow())
            : undefined,
      });
      return page(200, layout(frame(who, `Run ${runId}`, 'runs', noticeOf(event)), content));
    }
    if (routeKey === 'GET /queues') {
      const queues = await deps.data.queues();
      const content = queuesContent({
        ...queues,
        linksOf,
        canDecide: may(who, 'decideApproval'),
        canSettle: may(who, 'settleReview'),
        canRetry: may(who, 'retryDeadLetter'),
        csrf: csrf.issue(who.id),
        now,
        reviewContexts: may(who, 'settleReview') ? await reviewContextsFor(queues.reviews, deps.data, linksOf, formatsNow()) : undefined,
        actions: deps.actions ? actionsViewFor(who, csrf.issue(who.id)) : undefined,
        approvalEvidence: queues.approvals.length > 0 ? await deps.data.approvalEvidence(queues.approvals) : {},
      });
      return page(200, layout(frame(who, 'Queues', 'queues', noticeOf(event)), content));
    }
    if (routeKey === 'GET /queues/approvals/{approvalId}') {
      // The confirm step: the approval's evidence, the order as it is now, and the one form that decides.
      const approvalId = event.pathParameters?.approvalId ?? '';
      if (!APPROVAL_ID.test(approvalId)) return problem(who, 400, 'Not an approval id', 'That is not an approval id.');
      const found = await deps.data.approvalCase(approvalId);
      if (!found) return problem(who, 404, 'Approval not found', `Approval ${approvalId} was not found.`);
      const { approval, run, evidence } = found;
      const { approvalId: id, status, decidedBy, amountMinor, currency } = approval;
      const view = { approvalId: id, status, decidedBy, amountMinor, currency, run, evidence, canDecide: may(who, 'decideApproval'), csrf: csrf.issue(who.id) };
      return page(200, layout(frame(who, confirmTitle(view), 'queues', noticeOf(event)), approvalConfirmContent(view)));
    }
    if (routeKey === 'GET /pictures') {
      // Tickets counted per calendar day in the store's zone, as people there read their days.
      const figures = await deps.data.pictures(formatsNow().timeZone);
      const report = deps.evalReport ? await deps.evalReport() : null;
      const content = picturesContent({ ...figures, evalReport: report ? { name: report.name, href: '/reports/eval' } : null });
      return page(200, layout(frame(who, 'Pictures', 'pictures'), content));
    }
    if (routeKey === 'GET /reports/eval') {
      const report = deps.evalReport ? await deps.evalReport() : null;
      if (!report) return problem(who, 404, 'No evaluation report', 'No evaluation report is at hand here.', '/pictures');
      return { statusCode: 200, headers: { 'content-type': 'text/html; charset=utf-8', ...SECURITY_HEADERS }, body: fitDocument(report.html) };
    }
    const action = await actionRoutes?.get(event, who);
    if (action) return action;
    return problem(who, 404, 'Not found', 'There is no such console page.', '/');
  }

  /** Checks every action shares: same origin, the role, the CSRF token signed for this person. */
  function refused(event: HttpEvent, who: Operator, action: ConsoleAction, token: string | undefined): HttpResult | null {
    if (!sameOrigin(event)) return problem(who, 403, 'Refused', 'The form was not sent from the console.');
    if (!may(who, action)) return problem(who, 403, 'Not allowed', `Your role may not do this (${who.roles.join(', ') || 'no role'}).`);
    if (!csrf.verify(who.id, token)) return problem(who, 403, 'Form expired', 'The form is out of date or not yours. Reload the page and try again.');
    return null;
  }

  const back = (to: 'run' | 'queues' | undefined, runId: string | undefined, notice: string) =>
    seeOther(to === 'run' && runId ? `/runs/${encodeURIComponent(runId)}?notice=${notice}` : `/queues?notice=${notice}`);

  const actionRoutes =
    deps.actions &&
    createActionRoutes(deps.actions, {
      refused,
      problem,
      page: (who, title, content) => page(200, layout(frame(who, title, 'runs'), content)),
      csrfFor: (who) => csrf.issue(who.id),
      run: async (runId) => (await deps.data.run(runId))?.run ?? null,
    });

  async function post(event: HttpEvent, who: Operator): Promise<HttpResult> {
    const fields = Object.fromEntries(new URLSearchParams(rawBody(event)));
    if (event.routeKey === 'POST /queues/approvals/{approvalId}') {
      const approvalId = event.pathParameters?.approvalId ?? '';
      const form = DecisionForm.safeParse(fields);
      const denied = refused(event, who, 'decideApproval', form.success ? form.data.csrf : undefined);
      if (denied) return denied;
      if (!form.success || !APPROVAL_ID.test(approvalId)) return problem(who, 400, 'Incomplete form', 'Choose approve or reject.');
      const outcome = await deps.data.decideApproval(who, approvalId, form.data.decision, form.data.reason?.trim() || null);
      return outcome.ok ? back(form.data.back, outcome.runId, outcome.notice) : problem(who, outcome.status, 'Not decided', outcome.message);
    }
    if (event.routeKey === 'POST /queues/reviews/{runId}') {
      const runId = event.pathParameters?.runId ?? '';
      const form = parseReviewForm(fields);
      const denied = refused(event, who, 'settleReview', form.csrf);
      if (denied) return denied;
      if (!form.ok || !RUN_ID.test(runId))
        return problem(who, 400, 'Incomplete form', form.ok ? 'That is not a run id.' : form.message, `/runs/${encodeURIComponent(runId)}`);
      const outcome = await deps.data.settleReview(who, runId, form.settlement, formatsNow());
      return outcome.ok
        ? back(form.back, runId, outcome.notice)
        : problem(who, outcome.status, 'Not settled', outcome.message, `/runs/${encodeURIComponent(runId)}`);
    }
    if (event.routeKey === 'POST /queues/dead-letters/{messageId}/retry') {
      const messageId = event.pathParameters?.messageId ?? '';
      const form = RetryForm.safeParse(fields);
      const denied = refused(event, who, 'retryDeadLetter', form.success ? form.data.csrf : undefined);
      if (denied) return denied;
      if (!DEAD_LETTER_ID.test(messageId)) return problem(who, 400, 'Not a message id', 'That is not a dead letter.');
      const outcome = await deps.data.retryDeadLetter(who, messageId);
      return outcome.ok ? back('queues', undefined, outcome.notice) : problem(who, outcome.status, 'Not retried', outcome.message);
    }
    const action = await actionRoutes?.post(event, who, fields);
    if (action) return action;
    return problem(who, 404, 'Not found', 'There is no such console action.', '/');
  }

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
    if (method === 'GET') return renderIn(formatsNow(), () => get(event, who));
    if (method === 'POST') return renderIn(formatsNow(), () => post(event, who));
    return page(405, layout(frame(who, 'Not allowed', null), '<p>Use the console’s links and buttons.</p>'));
  };
}
