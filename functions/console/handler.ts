// The operator console's HTTP face: server-rendered pages and form actions, one handler for every
// console route (local gateway and the deployed `console` Lambda alike).
//   GET  /                                         runs (filters, search, pages)
//   GET  /runs/{runId}                             a run as a timeline
//   GET  /queues                                   approvals, pending review, escalations, dead letters
//   GET  /pictures                                 shadow agreement, latest evaluation, tickets and cost per day
//   GET  /reports/eval                             the newest evaluation report (when one is at hand)
//   POST /queues/approvals/{approvalId}            decide (lead)
//   POST /queues/reviews/{runId}                   settle a pending review (operator)
//   POST /queues/dead-letters/{messageId}/retry    retry a dead letter (operator)
// Every page carries the security headers; every POST needs the person's CSRF token, the right
// role and a same-origin request, and is journaled with who did it. URLs carry ids only.
import { z } from 'zod';
import { RunStatus } from '#functions/shared/domain/run.js';
import type { Clock } from '#harness/ports.js';
import { rawBody, type HttpEvent, type HttpResult } from '../shared/http.js';
import { DEAD_LETTER_ID } from '../dead-letters/use-case.js';
import type { StoreProfile, StepDeps } from '../shared/step-deps.js';
import { orderAdminUrl, ticketUrl } from '../request-approval/case-links.js';
import { may, type ConsoleAction, type Operator } from './identity.js';
import { createCsrf, page, sameOrigin, seeOther, SECURITY_HEADERS } from './security.js';
import type { ConsoleData } from './use-case.js';
import { e, layout, type NavItem, type PageFrame } from './views/layout.js';
import { picturesContent } from './views/pictures.js';
import { queuesContent } from './views/queues.js';
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
  links?: { helpdesk?: StepDeps['tenant']['helpdesk']; store?: StoreProfile; stateMachineArn?: string };
  /** The newest evaluation report, when one is at hand (locally eval/out/). */
  evalReport?: () => Promise<{ name: string; html: string } | null>;
  /** Where a person who is not signed in is sent (deployed: the hosted sign-in); absent, a 401 page. */
  signInUrl?: string;
}

const RUN_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
const APPROVAL_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SEARCH = /^[A-Za-z0-9_./:#-]{1,128}$/;

const NOTICES: Record<string, string> = {
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
const ReviewForm = z.object({
  csrf: z.string().max(200),
  outcome: z.enum(['found', 'not_found']),
  refundId: z
    .string()
    .trim()
    .max(100)
    .regex(/^[A-Za-z0-9/:_.-]*$/)
    .optional(),
  back: z.enum(['run', 'queues']).optional(),
});
const RetryForm = z.object({ csrf: z.string().max(200) });

/** A Step Functions console link for the run's execution (named after the run id), from the state machine's ARN. */
export function executionUrl(stateMachineArn: string | undefined, runId: string): string | null {
  const m = /^arn:(aws[a-z-]*):states:([a-z0-9-]+):(\d{12}):stateMachine:([A-Za-z0-9_-]+)$/.exec(stateMachineArn ?? '');
  if (!m) return null;
  const [, partition, region, account, name] = m;
  const execution = `arn:${partition}:states:${region}:${account}:execution:${name}:${runId}`;
  return `https://${region}.console.aws.amazon.com/states/home?region=${region}#/v2/executions/details/${encodeURIComponent(execution)}`;
}

/** The runs filter from the query string: unknown or malformed values are dropped and said so. */
export function parseFilter(query: Record<string, string | undefined>): { filter: RunsFilter; problems: string[] } {
  const problems: string[] = [];
  const filter: RunsFilter = { page: 1 };
  const take = (key: keyof Omit<RunsFilter, 'page' | 'status'>, pattern: RegExp, what: string) => {
    const value = query[key]?.trim();
    if (!value) return;
    if (pattern.test(value)) filter[key] = value;
    else problems.push(`${what} ignored: ${key === 'q' ? 'search takes ids only (letters, digits and _ . / : # -)' : 'not valid'}`);
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
      const listed = await deps.data.listRuns(filter);
      return page(200, layout(frame(who, 'Runs', 'runs', noticeOf(event)), runsContent({ filter, problems, ...listed })));
    }
    if (routeKey === 'GET /runs/{runId}') {
      const runId = event.pathParameters?.runId ?? '';
      if (!RUN_ID.test(runId)) return problem(who, 400, 'Not a run id', 'That is not a run id.', '/');
      const found = await deps.data.run(runId);
      if (!found) return problem(who, 404, 'Run not found', `Run ${runId} was not found.`, '/');
      const tenant = { helpdesk: deps.links?.helpdesk, store: deps.links?.store };
      const ticket = ticketUrl(found.run, tenant);
      const content = timelineContent(found.run, found.journal, {
        links: {
          ticket: ticket ? { label: `Ticket ${found.run.ticket.ticketId} in ${ticket.helpdesk}`, url: ticket.url } : null,
          execution: executionUrl(deps.links?.stateMachineArn, runId),
          order: orderAdminUrl(found.run, tenant),
        },
        canDecide: may(who, 'decideApproval'),
        canSettle: may(who, 'settleReview'),
        csrf: csrf.issue(who.id),
        now,
      });
      return page(200, layout(frame(who, `Run ${runId}`, 'runs', noticeOf(event)), content));
    }
    if (routeKey === 'GET /queues') {
      const queues = await deps.data.queues();
      const content = queuesContent({
        ...queues,
        canDecide: may(who, 'decideApproval'),
        canSettle: may(who, 'settleReview'),
        canRetry: may(who, 'retryDeadLetter'),
        csrf: csrf.issue(who.id),
        now,
      });
      return page(200, layout(frame(who, 'Queues', 'queues', noticeOf(event)), content));
    }
    if (routeKey === 'GET /pictures') {
      const figures = await deps.data.pictures();
      const report = deps.evalReport ? await deps.evalReport() : null;
      const content = picturesContent({ ...figures, evalReport: report ? { name: report.name, href: '/reports/eval' } : null });
      return page(200, layout(frame(who, 'Pictures', 'pictures'), content));
    }
    if (routeKey === 'GET /reports/eval') {
      const report = deps.evalReport ? await deps.evalReport() : null;
      if (!report) return problem(who, 404, 'No evaluation report', 'No evaluation report is at hand here.', '/pictures');
      return { statusCode: 200, headers: { 'content-type': 'text/html; charset=utf-8', ...SECURITY_HEADERS }, body: report.html };
    }
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
      const form = ReviewForm.safeParse(fields);
      const denied = refused(event, who, 'settleReview', form.success ? form.data.csrf : undefined);
      if (denied) return denied;
      if (!form.success || !RUN_ID.test(runId)) return problem(who, 400, 'Incomplete form', 'Say whether the refund is in the store, with its id when it is.');
      if (form.data.outcome === 'found' && !form.data.refundId)
        return problem(who, 400, 'Refund id needed', 'Enter the id of the refund you found on the order.', `/runs/${encodeURIComponent(runId)}`);
      const settlement = form.data.outcome === 'found' ? { refundId: form.data.refundId! } : { notFound: true as const };
      const outcome = await deps.data.settleReview(who, runId, settlement);
      return outcome.ok
        ? back(form.data.back, runId, outcome.notice)
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
    if (method === 'GET') return get(event, who);
    if (method === 'POST') return post(event, who);
    return page(405, layout(frame(who, 'Not allowed', null), '<p>Use the console’s links and buttons.</p>'));
  };
}
