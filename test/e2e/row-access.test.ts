// Per-row least privilege, checked against what the code really writes: tickets run through the local
// runtime (automatic, approval approved and rejected, escalation, cancels, a store dispute, shadow
// mode with a person's refund and a promotion), every DynamoDB write is recorded with the function
// whose handler made it, and each must be allowed by that function's own row statements
// (infra/lib/row-access.ts, as access.ts adds them to the role). A function that starts writing a new
// item type or attribute fails here until its grant is widened on purpose; a grant no path uses fails too.
import { UpdateCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopifySignedHeaders } from '#functions/store-webhook/shopify.js';
import { DEFAULT_MIN_TICKETS } from '#functions/shared/domain/shadow.js';
import { LOCAL_AWS } from '#local/emulators/listen.js';
import { demoFixture } from '#local/sandbox/index.js';
import { startLocalRuntime, type LocalRuntime } from '#local/runtime.js';
import { FUNCTION_NAMES, type FunctionName } from '../../infra/lib/functions.js';
import { ROW_WRITES, rowWriteStatements } from '../../infra/lib/row-access.js';
import { allows, type RequestContext, type StatementJson } from '../support/iam-conditions.js';
import { APPROVER, approvalLinks, decide, formTokenOf, postWebhook, SECRET, settled, ticketCreated, waitForRun } from '../support/local-runtime.js';
import { recordTableWrites, type TableWrite } from '../support/table-writes.js';

const SHOPIFY_SECRET = 'e2e-row-access-shopify';
const CLASS = 'damaged|0-50|en';

/**
 * Grants no ticket here exercises, each with the path that makes the write (function, statement, action).
 * An entry that a ticket does exercise fails the test: the list stays the short list of what is unseen.
 */
const UNSEEN: Record<string, string> = {
  'escalate WriteApproval dynamodb:UpdateItem': 'an approval that expired unanswered: Escalate closes it (escalate/use-case.ts)',
  'run-starter WriteShadow dynamodb:UpdateItem': 'shadow resolver on a solved shadow ticket (start-run.ts → shadow/resolve.ts → recordResolution)',
  'check-reply WriteApproval dynamodb:UpdateItem': 'the Escalate use case in CheckReply closing a pending approval (escalate/use-case.ts)',
  'stalled-runs WriteRunRow dynamodb:UpdateItem': 'the sweep escalating a run stuck past its budget (stalled-runs/use-case.ts)',
  'stalled-runs WriteJournal dynamodb:PutItem': 'the team note of a swept run (post_draft through MCP)',
  'stalled-runs WriteRunBudget dynamodb:UpdateItem': "a swept run's holding reply (the reply model's budget)",
  'stalled-runs WriteDayBudget dynamodb:UpdateItem': "a swept run's holding reply (the reply model's budget)",
  'stalled-runs WriteApproval dynamodb:UpdateItem': 'a swept run that waited for approval: its approval closed',
  'console WriteRunRow dynamodb:PutItem': 'console re-run (run-starter/rerun.ts → runs.create)',
  'console WriteRunRow dynamodb:UpdateItem': 'console cancel, hand back, decide (console/actions.ts)',
  'console WriteJournal dynamodb:PutItem': 'console actions journalled (console/journal-row.ts)',
  'console WriteApproval dynamodb:UpdateItem': 'console decision (approval-callback/decisions.ts decideAs)',
  'console WriteIdempotency dynamodb:PutItem': 'settling a review (harness/gateway/settle-review.ts begin)',
  'console WriteIdempotency dynamodb:UpdateItem': 'settling a review (settle-review.ts complete)',
  'console WriteIdempotency dynamodb:DeleteItem': 'releasing a review (settle-review.ts release)',
  'console WriteCustomerLock dynamodb:DeleteItem': "a settled review frees the customer's lock (settle-review.ts)",
  'console WriteShadow dynamodb:UpdateItem': 'promoting a class from the console (shadow-api/use-case.ts)',
  'console WriteShadow dynamodb:PutItem': 'promoting a class from the console (the promotion row)',
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

async function approveOrReject(rt: LocalRuntime, decision: 'approve' | 'reject') {
  const [link] = await approvalLinks(rt);
  expect((await decide(link!, decision, await formTokenOf(link!), decision === 'reject' ? 'no damage on the photo' : '')).status).toBe(200);
}

async function storeWebhook(rt: LocalRuntime, topic: string, body: unknown, webhookId: string) {
  const raw = JSON.stringify(body);
  const res = await fetch(rt.urls.storeWebhook, { method: 'POST', headers: shopifySignedHeaders(SHOPIFY_SECRET, raw, { topic, webhookId }), body: raw });
  expect(res.status).toBe(200);
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
  const b = await runtime();
  const rejected = await ticket(b, '5002', '9002', 'Order 1002: the blanket arrived damaged, I want a refund.', waiting);
  await approveOrReject(b, 'reject');
  expect((await waitForRun(b, rejected.runId, settled)).status).toBe('escalated');
  expect((await ticket(b, '5003', '9003', 'What are your opening hours?')).status).toBe('escalated');

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
  const status = { type: 'zen:event-type:ticket.status_changed', detail: { id: '5002', requester_id: '9002', status: 'SOLVED' } };
  const body = JSON.stringify({ id: 'row-access-solved', time: new Date().toISOString(), event: { current: 'SOLVED', previous: 'OPEN' }, ...status });
  expect((await postWebhook(e, body)).status).toBe(202);
  await waitForRun(e, solved.runId, (r) => r.status === 'cancelled');

  // Shadow mode: a proposal, a person's refund in the store (refunds/create comes back), a promotion.
  const d = await runtime({ mode: { default: 'shadow' } });
  const shadow = await ticket(d, '5001', '9001', 'Hi, the mug in order 1001 arrived cracked. Can I get a refund?', (r) => r.status === 'shadow' || settled(r));
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
  // The class reaches the minimum (set outside every handler, by a client of the test's own).
  const own = DynamoDBDocumentClient.from(new DynamoDBClient({ ...LOCAL_AWS, endpoint: d.dynamo.endpoint }));
  await own.send(
    new UpdateCommand({
      TableName: d.dynamo.tableName,
      Key: { pk: 'SHADOW#demo', sk: `CLASS#${CLASS}` },
      UpdateExpression: 'SET resolved = :n, agreed = :n',
      ExpressionAttributeValues: { ':n': DEFAULT_MIN_TICKETS },
    }),
  );
  const promoted = await fetch(`${d.urls.shadow}/${encodeURIComponent(CLASS)}/promote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ by: APPROVER }),
  });
  expect(promoted.status).toBe(200);
}, 120_000);

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
    expect(ROW_WRITES['webhook-ingest']).toBeUndefined();
  });
});
