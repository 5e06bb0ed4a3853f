// Per-row least privilege, checked against what the code really writes: tickets run through the local
// runtime (automatic, approval approved and rejected, escalation, cancels, a store dispute, shadow
// mode with a person's refund, a solved ticket and a promotion; the console's decide, re-run and hand
// back, an approval left to expire, a run the stalled-runs sweep escalates, two pending reviews settled
// in the console), every DynamoDB write is recorded with the function whose handler made it, and each
// must be allowed by that function's own row statements (infra/lib/row-access.ts, as access.ts adds
// them to the role). A function that starts writing a new item type or attribute fails here until its
// grant is widened on purpose; a grant no path uses fails too.
import { TWO_REQUESTS, twoOrdersFixture } from '../support/two-orders.js';
import { DeleteCommand, PutCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopifySignedHeaders } from '#functions/intake/store-webhook/shopify.js';
import { signHelpScout } from '#functions/intake/webhook-ingest/helpscout.js';
import { DEFAULT_MIN_TICKETS } from '#functions/shared/domain/shadow.js';
import { LOCAL_AWS } from '#local/emulators/listen.js';
import { demoFixture } from '#local/sandbox/index.js';
import { startLocalRuntime, type LocalRuntime } from '#local/runtime.js';
import type { Timer } from '#local/stepfunctions/index.js';
import { FUNCTION_NAMES, type FunctionName } from '../../infra/lib/functions.js';
import { ROW_WRITES, rowWriteStatements } from '../../infra/lib/row-access.js';
import { allows, type RequestContext, type StatementJson } from '../support/iam-conditions.js';
import {
  APPROVER,
  approvalLinks,
  decide,
  formTokenOf,
  getRun,
  postWebhook,
  SECRET,
  settled,
  storeRefunds,
  ticketCreated,
  waitForRun,
} from '../support/local-runtime.js';
import type { RunView } from '../support/local-runtime.js';
import { consolePost } from '../support/console-forms.js';
import { recordTableWrites, type TableWrite } from '../support/table-writes.js';

const SHOPIFY_SECRET = 'e2e-row-access-shopify';
const HELPSCOUT_SECRET = 'e2e-row-access-helpscout';
const CLASS = 'damaged|0-50|en';

/**
 * Grants no ticket here exercises, each with the path that makes the write (function, statement, action).
 * An entry that a ticket does exercise fails the test: the list stays the short list of what is unseen.
 */
const UNSEEN: Record<string, string> = {
  // Escalate closes only an approval still pending (escalate/use-case.ts); CheckReply runs after Refund,
  // whose approval was decided before it, so no ticket reaches CheckReply with one pending (a guard kept anyway).
  'check-reply WriteApproval dynamodb:UpdateItem': 'the Escalate use case in CheckReply closing an approval still pending (escalate/use-case.ts)',
  // AwaitReturn keeps the wait's token on the run row and calls nothing; it holds the steps' grants (a journal row) like every step.
  'await-return WriteJournal dynamodb:PutItem': 'a journal row of AwaitReturn (it calls no tool or model yet; the steps share one grant set)',
  // The sweep hands a stuck run to a person through the Escalate use case, which marks one of several requests ended on its ticket's ledger.
  'stalled-runs WriteTicket dynamodb:UpdateItem':
    "the Escalate use case in the sweep ending one of several requests on its ticket's ledger (shared/step/ticket-end.ts)",
};

/** Each function's row statements as IAM JSON, exactly as access.ts adds them to its role. */
const statementsOf = (fn: FunctionName): Array<StatementJson & { Sid: string }> =>
  rowWriteStatements(fn).map(
    ({ sid, actions, conditions }) =>
      new PolicyStatement({ sid, actions, resources: ['table'], conditions }).toStatementJson() as StatementJson & { Sid: string },
  );

const contextOf = (write: TableWrite): RequestContext => ({
  'dynamodb:LeadingKeys': [write.leadingKey],
  'dynamodb:Attributes': write.attributes,
  'dynamodb:ReturnValues': [write.returnValues],
});
const allowedFor = (fn: FunctionName, write: TableWrite) => statementsOf(fn).filter((s) => allows(s, write.action, contextOf(write)));

const writes: TableWrite[] = [];
const runtimes: LocalRuntime[] = [];

async function runtime(extra: Partial<Parameters<typeof startLocalRuntime>[0]> = {}): Promise<LocalRuntime> {
  const rt = await startLocalRuntime({
    port: 0,
    fixture: demoFixture(),
    tenant: 'demo',
    approverEmails: [APPROVER],
    zendeskSecret: SECRET,
    shopifyWebhookSecret: SHOPIFY_SECRET,
    retryIntervalMs: 0,
    ...extra,
  });
  runtimes.push(rt);
  recordTableWrites(rt.dynamo.client, writes);
  return rt;
}

async function ticket(rt: LocalRuntime, ticketId: string, requesterId: string, text: string, until = settled) {
  const { json } = await postWebhook(rt, ticketCreated({ ticketId, requesterId, text }));
  return waitForRun(rt, json.runId as string, until);
}
const waiting = (r: { status: string }) => r.status === 'awaiting_approval' || settled(r as never);
const shadowOrSettled = (r: { status: string }) => r.status === 'shadow' || settled(r as never);

/** The helpdesk says the ticket was solved (a signed ticket.status_changed event). */
async function solveTicket(rt: LocalRuntime, ticketId: string, requesterId: string, eventId: string) {
  const status = { type: 'zen:event-type:ticket.status_changed', detail: { id: ticketId, requester_id: requesterId, status: 'SOLVED' } };
  const body = JSON.stringify({ id: eventId, time: new Date().toISOString(), event: { current: 'SOLVED', previous: 'OPEN' }, ...status });
  expect((await postWebhook(rt, body)).status).toBe(202);
}

async function helpScoutTwice(rt: LocalRuntime) {
  const at = new Date().toISOString();
  const body = JSON.stringify({
    id: 4242,
    number: 15473,
    status: 'active',
    subject: 'Mug',
    createdAt: at,
    userUpdatedAt: at,
    createdBy: { id: 12, type: 'customer', email: 'bear@example.com' },
    primaryCustomer: { id: 238604, email: 'bear@example.com' },
    _embedded: { threads: [{ id: 7001, type: 'customer', body: 'What are your opening hours?', createdAt: at }] },
  });
  const url = new URL('../webhooks/helpscout', rt.urls.webhook);
  const headers = { 'X-HelpScout-Signature': signHelpScout(HELPSCOUT_SECRET, body), 'X-HelpScout-Event': 'convo.created', 'content-type': 'application/json' };
  const post = async () => {
    const res = await fetch(url, { method: 'POST', headers, body });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  return [await post(), await post()];
}

async function approveOrReject(rt: LocalRuntime, decision: 'approve' | 'reject') {
  const [link] = await approvalLinks(rt);
  expect((await decide(link!, decision, await formTokenOf(link!), decision === 'reject' ? 'no damage on the photo' : '')).status).toBe(200);
}

async function storeWebhook(rt: LocalRuntime, topic: string, body: unknown, webhookId: string) {
  const raw = JSON.stringify(body);
  const res = await fetch(rt.urls.storeWebhook, { method: 'POST', headers: shopifySignedHeaders(SHOPIFY_SECRET, raw, { topic, webhookId }), body: raw });
  expect(res.status).toBe(200);
}

/** The console's actions on one ticket, as a lead would take them, and a run left stuck for the sweep. */
async function consoleActionsAndSweep() {
  // Approval timeouts the test fires, and a clock it moves on (a run stuck past its state's budget).
  const timeouts: Array<{ fire: () => void; ms: number }> = [];
  const timer: Timer = {
    set(fire, ms) {
      const entry = { fire, ms };
      timeouts.push(entry);
      return () => void timeouts.splice(timeouts.indexOf(entry), 1);
    },
  };
  let skewMs = 0;
  const f = await runtime({ timer, clock: { now: () => new Date(Date.now() + skewMs) } });
  const approvalAsked = (r: RunView) => r.status === 'awaiting_approval' && Boolean(r.approval?.approvalId);
  const rerun = async (runId: string) => {
    const location = await consolePost(f, `/runs/${encodeURIComponent(runId)}/rerun`, {}, `/runs/${encodeURIComponent(runId)}`);
    return waitForRun(f, decodeURIComponent(/\/runs\/([^?]+)/.exec(location)![1]!), approvalAsked);
  };

  // A lead rejects from the console's approval page; the escalated run is re-run from the console.
  const first = await ticket(f, '5002', '9002', 'The wool throw blanket from order #1002 arrived damaged. Refund please.', approvalAsked);
  await consolePost(f, `/queues/approvals/${encodeURIComponent(first.approval.approvalId)}`, { decision: 'reject', reason: 'no damage on the photo' });
  expect((await waitForRun(f, first.runId, settled)).status).toBe('escalated');
  const second = await rerun(first.runId);
  // Nobody answers the re-run's approval: its timeout fires and Escalate closes the approval.
  timeouts
    .filter((t) => t.ms === 24 * 3600_000)
    .at(-1)!
    .fire();
  expect((await waitForRun(f, second.runId, settled)).approval.status).toBe('expired');
  // Re-run again; this one sits awaiting approval a day and more: the sweep escalates it.
  const third = await rerun(second.runId);
  skewMs = 26 * 3600_000;
  expect((await f.sweepStalledRuns()).escalated).toEqual([third.runId]);
  expect((await waitForRun(f, third.runId, settled)).status).toBe('escalated');
  // The lead hands the ticket back to the team from the console.
  await consolePost(f, `/runs/${encodeURIComponent(third.runId)}/hand-back`, { note: 'Over to you: the customer called.' }, `/runs/${third.runId}`);
  expect((await getRun(f, third.runId))!.handBack).toBeTruthy();
}

/** Refunds whose outcome the store could not tell, settled by a person in the console: one found, one not made. */
async function pendingReviews() {
  const g = await runtime();
  const reviewed = (r: RunView) => r.status === 'pending_review' && r.state === 'Escalate';
  g.store.faults.ambiguousRefundNext(1, { commit: true });
  const found = await ticket(g, '5001', '9001', 'Hi, the mug in order 1001 arrived cracked. Can I get a refund?', reviewed);
  // Left past the key's 30 days before a person settles it, the idempotency record has expired: settling begins it anew.
  const key = writes.findLast((w) => w.fn === 'refund' && w.leadingKey.startsWith('IDEM#'))!.leadingKey;
  const own = DynamoDBDocumentClient.from(new DynamoDBClient({ ...LOCAL_AWS, endpoint: g.dynamo.endpoint }));
  await own.send(new DeleteCommand({ TableName: g.dynamo.tableName, Key: { pk: key, sk: 'IDEM' } }));
  const [refund] = await storeRefunds(g, '1001');
  await consolePost(g, `/queues/reviews/${encodeURIComponent(found.runId)}`, { choice: `refund:${refund!.id}` }, `/runs/${found.runId}`);
  expect((await getRun(g, found.runId))!.status).toBe('done');

  g.store.faults.ambiguousRefundNext(1);
  const none = await ticket(g, '5005', '9005', 'The cotton apron from order 1005 arrived torn. Refund please.', reviewed);
  await consolePost(g, `/queues/reviews/${encodeURIComponent(none.runId)}`, { choice: 'none' }, `/runs/${none.runId}`);
  expect((await getRun(g, none.runId))!.status).toBe('escalated');
}

beforeAll(async () => {
  // Automatic refund, a dispute on it (the store webhook), then an approval approved.
  const a = await runtime();
  const refunded = await ticket(a, '5001', '9001', 'Hi, the mug in order 1001 arrived cracked. Can I get a refund?');
  expect(refunded.status).toBe('done');
  const orderId = Number(String(refunded.order.orderId).replace('gid://shopify/Order/', ''));
  await storeWebhook(
    a,
    'disputes/create',
    { id: 77001, order_id: orderId, type: 'chargeback', amount: '18.00', currency: 'USD', reason: 'fraudulent' },
    'wh-1',
  );
  const approval = await ticket(a, '5002', '9002', 'The wool throw blanket from order #1002 arrived damaged with a hole. Refund please.', waiting);
  await approveOrReject(a, 'approve');
  expect((await waitForRun(a, approval.runId, settled)).status).toBe('done');

  // A rejection (Escalate), and a ticket with no refund intent (escalated).
  const b = await runtime({ webhookSecrets: { helpscout: HELPSCOUT_SECRET } });
  const rejected = await ticket(b, '5002', '9002', 'Order 1002: the blanket arrived damaged, I want a refund.', waiting);
  await approveOrReject(b, 'reject');
  expect((await waitForRun(b, rejected.runId, settled)).status).toBe('escalated');
  expect((await ticket(b, '5003', '9003', 'What are your opening hours?')).status).toBe('escalated');
  // A Help Scout delivery signs no timestamp: webhook-ingest remembers its signed id (the replay window), and the same body again is a duplicate.
  const helpScout = await helpScoutTwice(b);
  expect(helpScout.map((r) => r.status)).toEqual([202, 200]);
  await waitForRun(b, helpScout[0]!.json.runId as string, settled);

  // A return (returns on, a $5.00 fee): opened at once, the run waits for the parcel (await-return), the store
  // says it arrived (store-webhook answers the wait), and the refund on receipt is made (process-return).
  const r = await runtime({
    policy: {
      returns: {
        enabled: true,
        feeMinor: 500,
        windowDays: 30,
        receiveWithinDays: 30,
        keepItBelowMinor: 2000,
        damagedBackFromMinor: null,
        notifyCustomer: false,
      },
    },
  });
  const opened = await ticket(
    r,
    '5005',
    '9005',
    "The cotton apron from order 1005 doesn't fit me. Can I send it back for a refund?",
    (x) => x.status === 'awaiting_return' || settled(x as never),
  );
  expect(opened.status).toBe('awaiting_return');
  const received = await fetch(`${new URL(r.urls.storeGraphql).origin}/sandbox/returns/%231005-R1/receive`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ lineItems: [{ sku: 'APRON-COT', quantity: 1 }] }),
  });
  expect(received.status).toBe(200);
  expect((await waitForRun(r, opened.runId, settled)).refund).toMatchObject({ amountMinor: 2300 });

  // One ticket, two requests (cancels off): the mug refunded on its own run (the ticket's ledger opened by Triage,
  // the refund reserved by the Gate, its end marked by CheckReply), the cancel escalated on the other (its end, and the one reply, by Escalate).
  const s2 = await runtime({ fixture: twoOrdersFixture() });
  const split = await ticket(s2, '5004', '9004', TWO_REQUESTS);
  expect(split.status).toBe('done');
  const other = await waitForRun(s2, split.ticketRequests.runIds[1] as string, settled);
  expect(other.status).toBe('escalated');
  // The cancel ended last (the refund was done first): its run left the one reply.
  await waitForRun(s2, other.runId, (x) => x.combinedDraft !== undefined);

  // A cancel through the API while the run waits for approval.
  const c = await runtime();
  const cancelled = await ticket(c, '5002', '9002', 'The wool throw blanket from order #1002 arrived damaged. Refund please.', waiting);
  const res = await fetch(`${c.urls.runs}/${cancelled.runId}/cancel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"reason":"withdrawn"}',
  });
  expect(res.status).toBe(202);
  await waitForRun(c, cancelled.runId, (r) => r.status === 'cancelled');
  // The helpdesk says a waiting ticket was solved: the run starter cancels it (cancel-run's use case).
  const e = await runtime();
  const solved = await ticket(e, '5002', '9002', 'The wool throw blanket from order #1002 arrived damaged. Refund please.', waiting);
  await solveTicket(e, '5002', '9002', 'row-access-solved');
  await waitForRun(e, solved.runId, (r) => r.status === 'cancelled');

  // Shadow mode: a proposal, a person's refund in the store (refunds/create comes back), a promotion.
  const d = await runtime({ mode: { default: 'shadow' } });
  const shadow = await ticket(d, '5001', '9001', 'Hi, the mug in order 1001 arrived cracked. Can I get a refund?', shadowOrSettled);
  expect(shadow.status).toBe('shadow');
  await storeWebhook(
    d,
    'refunds/create',
    {
      id: 88001,
      order_id: 1001,
      transactions: [{ amount: '18.00', currency: 'USD', kind: 'refund', status: 'success' }],
      refund_line_items: [{ line_item_id: 11001, quantity: 1 }],
    },
    'wh-2',
  );
  await waitForRun(d, shadow.runId, (r) => r.shadow?.resolution !== undefined);
  // A second shadow run whose ticket is solved in the helpdesk: the run starter records the resolution.
  const solvedShadow = await ticket(d, '5003', '9003', 'The glazed serving plate from order 1003 arrived cracked. Refund please.', shadowOrSettled);
  expect(solvedShadow.status).toBe('shadow');
  await solveTicket(d, '5003', '9003', 'row-access-shadow-solved');
  await waitForRun(d, solvedShadow.runId, (r) => r.shadow?.resolution !== undefined);
  // The class reaches the minimum (set outside every handler, by a client of the test's own): as many
  // independent samples, each its own customer and order; its figures are derived from its samples.
  const own = DynamoDBDocumentClient.from(new DynamoDBClient({ ...LOCAL_AWS, endpoint: d.dynamo.endpoint }));
  for (let i = 0; i < DEFAULT_MIN_TICKETS; i++) {
    const sample = { classKey: CLASS, customer: `customer-${i}`, window: '2026-11-26', resolutions: 1, disagreements: 0, orders: new Set([`order-${i}`]) };
    await own.send(new PutCommand({ TableName: d.dynamo.tableName, Item: { pk: 'SHADOW#demo', sk: `SAMPLE#${CLASS}#customer-${i}#2026-11-26`, ...sample } }));
  }
  const promoted = await fetch(`${d.urls.shadow}/${encodeURIComponent(CLASS)}/promote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ by: APPROVER }),
  });
  expect(promoted.status).toBe(200);

  await consoleActionsAndSweep();
  await pendingReviews();
}, 300_000);

afterAll(async () => {
  for (const rt of runtimes) await rt.close();
});

describe('row-level grants against the writes the pipeline makes', () => {
  it("comes from a function's handler, every write", () => {
    expect(writes.length).toBeGreaterThan(100);
    expect(writes.filter((w) => w.fn === 'unattributed')).toEqual([]);
  });

  it("allows every write a function made by that function's own row statements", () => {
    const refused = writes.filter((w) => w.fn !== 'unattributed' && allowedFor(w.fn, w).length === 0);
    expect(refused.map((w) => `${w.fn} ${w.action} ${w.leadingKey} [${w.attributes.join(',')}]`)).toEqual([]);
  });

  it('uses every row grant: each statement and action is seen here, or named in UNSEEN with the path that makes it', () => {
    const seen = new Set<string>();
    for (const w of writes) if (w.fn !== 'unattributed') for (const s of allowedFor(w.fn, w)) seen.add(`${w.fn} ${s.Sid} ${w.action}`);
    const granted = FUNCTION_NAMES.flatMap((fn) => statementsOf(fn).flatMap((s) => [s.Action].flat().map((action) => `${fn} ${s.Sid} ${action}`)));
    expect(granted.filter((g) => !seen.has(g) && !UNSEEN[g])).toEqual([]);
    // The list stays honest: what a ticket here exercised is not "unseen", and every entry names a grant.
    expect(Object.keys(UNSEEN).filter((g) => seen.has(g) || !granted.includes(g))).toEqual([]);
  });

  it('refuses the public roles what their code never does: a new run, another item type, an attribute outside their list', () => {
    const created = writes.find((w) => w.fn === 'run-starter' && w.action === 'dynamodb:PutItem' && w.leadingKey.startsWith('RUN#'))!;
    const decided = writes.find((w) => w.fn === 'approval-callback' && w.leadingKey.startsWith('APPROVAL#'))!;
    const spent = writes.find((w) => w.fn === 'refund' && w.leadingKey.startsWith('IDEM#'))!;
    for (const fn of ['store-webhook', 'approval-callback', 'triage', 'propose-refund', 'refund'] as const) expect(allowedFor(fn, created), fn).toEqual([]);
    expect(allowedFor('store-webhook', decided)).toEqual([]);
    expect(allowedFor('approval-callback', spent)).toEqual([]);
    expect(allowedFor('approval-callback', decided)).toHaveLength(1);
    // The same approval write naming one more attribute (the task token) is refused.
    expect(allowedFor('approval-callback', { ...decided, attributes: [...decided.attributes, 'taskToken'] })).toEqual([]);
    // Helpdesk event ids are not the store webhook's to claim.
    const claimed = writes.find((w) => w.fn === 'run-starter' && w.leadingKey.startsWith('EVENT#'))!;
    expect(allowedFor('store-webhook', claimed)).toEqual([]);
    // The helpdesk webhook puts its replay window's rows only: not the run starter's event claims, not a run.
    expect(allowedFor('webhook-ingest', claimed)).toEqual([]);
    expect(allowedFor('webhook-ingest', created)).toEqual([]);
    const remembered = writes.find((w) => w.fn === 'webhook-ingest')!;
    expect(remembered.leadingKey).toMatch(/^EVENT#demo#replay:helpscout#/);
    expect(allowedFor('webhook-ingest', remembered)).toHaveLength(1);
    expect(ROW_WRITES['webhook-ingest']?.map((w) => w.item)).toEqual(['event']);
  });
});
