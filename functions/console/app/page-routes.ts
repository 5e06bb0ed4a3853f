// The console's GET pages, kept apart from handler.ts so it stays a router (as action-routes.ts is for
// the run actions). Each page reads what it shows through the console data and draws it with views/:
//   GET  /                                 runs (filters, search, pages)
//   GET  /runs/{runId}                     a run as a timeline (with its ticket's other requests)
//   GET  /runs/{runId}/attachments/{n}     the ticket's n-th image, read through the tenant's helpdesk
//   GET  /queues                           approvals, pending review, escalations, dead letters
//   GET  /queues/approvals/{approvalId}    an approval's evidence and the confirm form
//   GET  /pictures                         shadow agreement, latest evaluation, tickets and cost per day
//   GET  /reports/eval                     the newest evaluation report (when one is at hand)
import { RunStatus, type Run } from '#functions/shared/domain/run.js';
import type { Policy } from '#harness/policy/document.js';
import type { HttpEvent, HttpResult } from '../../shared/http.js';
import type { Formats } from '../../shared/approvals/formats.js';
import type { RunLinks } from './links.js';
import { may, type Operator } from './identity.js';
import { actionsViewFor } from './action-routes.js';
import { page, SECURITY_HEADERS } from './security.js';
import type { ConsoleData } from './use-case.js';
import { reviewContextFor, reviewContextsFor } from './review-form.js';
import { fitDocument, layout, type NavItem, type PageFrame } from './views/layout.js';
import { picturesContent } from './views/pictures.js';
import { queuesContent } from './views/queues.js';
import { approvalConfirmContent, confirmTitle } from './views/approvals.js';
import { runsContent, type RunsFilter } from './views/runs.js';
import { timelineContent } from './views/timeline.js';
import type { RunActionsView } from './views/run-actions.js';
import type { OrderPick } from './views/order-picker.js';
import { orderPickSource, type CandidateOrder, type OrderCandidates, type OrderCandidatesReader } from './order-candidates.js';
import type { AttachmentReader } from '#shared/helpdesk/index.js';
import { attachmentAt, thumbnailable, thumbnailResult } from '../../shared/attachments/thumbnail.js';

/** What the pages take from the handler: the data, the form tokens, the links, the formats and the page frame. */
export interface PageTools {
  data: ConsoleData;
  csrf: { issue(actor: string): string };
  linksOf(run: Run): RunLinks;
  /** A candidate order's page in the store (the order picker). */
  orderLinkOf(order: CandidateOrder): RunLinks['order'];
  /** Reads the orders a lead may pick for an escalated run; absent: the numbers the customer wrote alone. */
  orderCandidates?: OrderCandidatesReader;
  /** Times and money in the store's zone and locale. */
  formatsNow(): Formats;
  frame(who: Operator, title: string, nav: NavItem | null, notice?: PageFrame['notice']): PageFrame;
  /** The notice a redirect's `notice` code names, if any. */
  noticeOf(event: HttpEvent): PageFrame['notice'];
  problem(who: Operator, status: number, title: string, message: string, back?: string): HttpResult;
  /** Whether the run actions (actions.ts) are on: their forms are drawn. */
  hasActions: boolean;
  policy: Policy | undefined;
  evalReport: (() => Promise<{ name: string; html: string } | null>) | undefined;
  /** Reads the customer's images through the tenant's helpdesk (thumbnails); absent: plain links. */
  attachments?: AttachmentReader;
}

type Page = (tools: PageTools, event: HttpEvent, who: Operator, now: Date) => Promise<HttpResult>;

export const RUN_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
export const APPROVAL_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Ids, order numbers, a customer's name or email: letters of any script, digits, spaces and the marks names and emails use. */
const SEARCH = /^[\p{L}\p{M}\p{N} _.@+'’/:#&,()-]{1,128}$/u;

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

/**
 * What this person may do on these runs, with the store's candidate orders of each run whose order a
 * person must pick (read once for the page, and only for someone who may re-run).
 */
async function actionsFor(tools: PageTools, who: Operator, runs: readonly Run[]): Promise<RunActionsView | undefined> {
  if (!tools.hasActions) return undefined;
  const view = actionsViewFor(who, tools.csrf.issue(who.id));
  const reader = tools.orderCandidates;
  if (!view.canRerun || !reader) return view;
  const needing = runs.filter((run) => orderPickSource(run) !== null);
  const read = new Map(await Promise.all(needing.map(async (run) => [run.runId, await reader(run)] as const)));
  return { ...view, pickOf: (run) => mapped(read.get(run.runId), tools) };
}

const mapped = (candidates: OrderCandidates | undefined, tools: PageTools): OrderPick | undefined =>
  candidates && { candidates, orderLink: (order) => tools.orderLinkOf(order) };

const runsPage: Page = async (tools, event, who) => {
  const { filter, problems } = parseFilter(event.queryStringParameters ?? {});
  const listed = await tools.data.listRuns(filter, tools.linksOf);
  return page(200, layout(tools.frame(who, 'Runs', 'runs', tools.noticeOf(event)), runsContent({ filter, problems, ...listed })));
};

const runPage: Page = async (tools, event, who, now) => {
  const runId = event.pathParameters?.runId ?? '';
  if (!RUN_ID.test(runId)) return tools.problem(who, 400, 'Not a run id', 'That is not a run id.', '/');
  const found = await tools.data.run(runId);
  if (!found) return tools.problem(who, 404, 'Run not found', `Run ${runId} was not found.`, '/');
  const content = timelineContent(found.run, found.journal, {
    links: tools.linksOf(found.run),
    ticket: found.run.ticketRequests ? await tools.data.ticketRuns(found.run) : null,
    // A store that cannot list them leaves the section out rather than fail the page.
    otherRuns: found.run.order ? await tools.data.runsOnOrder(found.run).catch(() => null) : null,
    canDecide: may(who, 'decideApproval'),
    canSettle: may(who, 'settleReview'),
    csrf: tools.csrf.issue(who.id),
    now,
    ...(tools.policy ? { policy: tools.policy } : {}),
    thumbnailSrc: (i: number) => {
      const a = found.run.ticket.attachments?.[i];
      return a && thumbnailable(a, tools.attachments) ? `/runs/${encodeURIComponent(runId)}/attachments/${i}` : null;
    },
    actions: await actionsFor(tools, who, [found.run]),
    review:
      found.run.status === 'pending_review' && may(who, 'settleReview')
        ? await reviewContextFor(found.run, tools.data, tools.linksOf(found.run), tools.formatsNow())
        : undefined,
  });
  return page(200, layout(tools.frame(who, `Run ${runId}`, 'runs', tools.noticeOf(event)), content));
};

const queuesPage: Page = async (tools, event, who, now) => {
  const queues = await tools.data.queues();
  const content = queuesContent({
    ...queues,
    linksOf: tools.linksOf,
    canDecide: may(who, 'decideApproval'),
    canSettle: may(who, 'settleReview'),
    canRetry: may(who, 'retryDeadLetter'),
    csrf: tools.csrf.issue(who.id),
    now,
    reviewContexts: may(who, 'settleReview') ? await reviewContextsFor(queues.reviews, tools.data, tools.linksOf, tools.formatsNow()) : undefined,
    actions: await actionsFor(tools, who, queues.escalations),
    approvalEvidence: queues.approvals.length > 0 ? await tools.data.approvalEvidence(queues.approvals) : {},
  });
  return page(200, layout(tools.frame(who, 'Queues', 'queues', tools.noticeOf(event)), content));
};

/** The confirm step: the approval's evidence, the order as it is now, and the one form that decides. */
const approvalPage: Page = async (tools, event, who) => {
  const approvalId = event.pathParameters?.approvalId ?? '';
  if (!APPROVAL_ID.test(approvalId)) return tools.problem(who, 400, 'Not an approval id', 'That is not an approval id.');
  const found = await tools.data.approvalCase(approvalId);
  if (!found) return tools.problem(who, 404, 'Approval not found', `Approval ${approvalId} was not found.`);
  const { approval, run, evidence } = found;
  const { approvalId: id, status, decidedBy, amountMinor, currency } = approval;
  const view = {
    approvalId: id,
    status,
    decidedBy,
    amountMinor,
    currency,
    run,
    evidence,
    canDecide: may(who, 'decideApproval'),
    csrf: tools.csrf.issue(who.id),
  };
  return page(200, layout(tools.frame(who, confirmTitle(view), 'queues', tools.noticeOf(event)), approvalConfirmContent(view)));
};

/** Tickets counted per calendar day in the store's zone, as people there read their days. */
const picturesPage: Page = async (tools, _event, who) => {
  const figures = await tools.data.pictures(tools.formatsNow().timeZone);
  const report = tools.evalReport ? await tools.evalReport() : null;
  const content = picturesContent({ ...figures, evalReport: report ? { name: report.name, href: '/reports/eval' } : null });
  return page(200, layout(tools.frame(who, 'Pictures', 'pictures'), content));
};

const evalReportPage: Page = async (tools, _event, who) => {
  const report = tools.evalReport ? await tools.evalReport() : null;
  // No report yet is a normal state of a new deployment: a page that says so, not an error.
  if (!report) return tools.problem(who, 200, 'No evaluation report yet', 'No evaluation report has been made for this store yet.', '/pictures');
  return { statusCode: 200, headers: { 'content-type': 'text/html; charset=utf-8', ...SECURITY_HEADERS }, body: fitDocument(report.html) };
};

/** The ticket's n-th image from our own origin: the page never loads the customer's link itself. */
const attachmentPage: Page = async (tools, event, who) => {
  const runId = event.pathParameters?.runId ?? '';
  if (!RUN_ID.test(runId)) return tools.problem(who, 400, 'Not a run id', 'That is not a run id.', '/');
  const found = await tools.data.run(runId);
  if (!found) return tools.problem(who, 404, 'Run not found', `Run ${runId} was not found.`, '/');
  return thumbnailResult(attachmentAt(found.run, event.pathParameters?.n), tools.attachments);
};

const PAGES: ReadonlyMap<string, Page> = new Map([
  ['GET /', runsPage],
  ['GET /runs/{runId}', runPage],
  ['GET /runs/{runId}/attachments/{n}', attachmentPage],
  ['GET /queues', queuesPage],
  ['GET /queues/approvals/{approvalId}', approvalPage],
  ['GET /pictures', picturesPage],
  ['GET /reports/eval', evalReportPage],
]);

/** The page a GET route draws; undefined when the route is not one of these. */
export function pageOf(routeKey: string): Page | undefined {
  return PAGES.get(routeKey);
}
