// Per-row least privilege in the synthesized template: each role writes the table only through one
// statement per item type it writes, each conditioned on the partition key (dynamodb:LeadingKeys) and,
// where a partition holds two types or the role is public, on the attribute names (dynamodb:Attributes).
// test/e2e/row-access.test.ts checks the same statements against the writes the pipeline makes.
import { beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_NAMES, FUNCTIONS, type FunctionName } from '../../../infra/lib/functions.js';
import { JOURNAL_ROW_ATTRIBUTES, ROW_WRITES, RUN_ROW_ATTRIBUTES, rowWriteStatements } from '../../../infra/lib/row-access.js';
import { synthTenant } from './synth.js';
import { actionsOf, readTemplate, resourcesOf, type Statement } from './template.js';

type Conditioned = Statement & { Sid?: string; Condition?: Record<string, Record<string, string | string[]>> };

const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'dynamodb:TransactWriteItems'];

let t: ReturnType<typeof readTemplate>;
let tableId: string;
let writesOf: (fn: FunctionName) => Conditioned[];

beforeAll(() => {
  t = readTemplate(synthTenant());
  tableId = t.idOf('AWS::DynamoDB::Table');
  const byFunction = t.statementsByFunction();
  writesOf = (fn) => (byFunction[fn] as Conditioned[]).filter((s) => actionsOf([s]).some((a) => WRITE_ACTIONS.includes(a)));
});

/** The partition-key patterns a function may write with `action`. */
const keysFor = (fn: FunctionName, action: string) =>
  writesOf(fn)
    .filter((s) => actionsOf([s]).includes(action))
    .flatMap((s) => s.Condition!['ForAllValues:StringLike']!['dynamodb:LeadingKeys'] as string[]);
/** The functions that may write `action` on items whose partition key matches the pattern exactly. */
const writers = (pattern: string, action: string) => FUNCTION_NAMES.filter((fn) => keysFor(fn, action).includes(pattern)).sort();

describe('per-row write grants on the table', () => {
  it('holds every table write in a statement of row-access.ts, on the table itself (not its indexes), with nothing else in it', () => {
    for (const fn of FUNCTION_NAMES) {
      const expected = rowWriteStatements(fn).map(({ sid, actions, conditions }) => ({
        Sid: sid,
        Action: actions.length === 1 ? actions[0] : actions,
        Condition: conditions,
      }));
      const actual = writesOf(fn).map((s) => {
        expect(resourcesOf(s), fn).toEqual([tableId]);
        return { Sid: s.Sid, Action: s.Action, Condition: s.Condition };
      });
      expect(actual, fn).toEqual(expected);
    }
  });

  it('conditions every write statement on the partition key (ForAllValues:StringLike, and required), never a bare table-wide write', () => {
    for (const fn of FUNCTION_NAMES) {
      for (const s of writesOf(fn)) {
        expect(Object.keys(s.Condition ?? {}).sort(), `${fn} ${s.Sid}`).toEqual(expect.arrayContaining(['ForAllValues:StringLike', 'Null']));
        expect(s.Condition!.Null).toEqual({ 'dynamodb:LeadingKeys': 'false' });
        expect(
          (s.Condition!['ForAllValues:StringLike']!['dynamodb:LeadingKeys'] as string[]).every((k) => /^[A-Z]+#/.test(k) && k !== '*'),
          fn,
        ).toBe(true);
      }
    }
  });

  it('gives write statements to exactly the readWrite functions; the readers and the rest write nothing', () => {
    const writing = FUNCTION_NAMES.filter((fn) => writesOf(fn).length > 0);
    expect(writing).toEqual(FUNCTION_NAMES.filter((fn) => FUNCTIONS[fn].access.table === 'readWrite'));
    expect(Object.keys(ROW_WRITES).sort()).toEqual([...writing].sort());
    expect(writesOf('runs-api')).toEqual([]);
  });

  it('lets each item type be written only by the functions whose code writes it', () => {
    const steps = [
      'await-return',
      'check-reply',
      'draft-reply',
      'escalate',
      'process-return',
      'propose-refund',
      'refund',
      'request-approval',
      'shadow',
      'triage',
    ];
    const modelCallers = ['check-reply', 'draft-reply', 'escalate', 'propose-refund', 'stalled-runs', 'triage'];
    // Only the run starter and the console's re-run create runs; the journal is appended by whoever calls tools or models.
    const createsRuns = FUNCTION_NAMES.filter((fn) => writesOf(fn).some((s) => s.Sid === 'WriteRunRow' && actionsOf([s]).includes('dynamodb:PutItem')));
    expect(createsRuns).toEqual(['run-starter', 'console']);
    expect(writers('RUN#*', 'dynamodb:PutItem')).toEqual([...steps, 'approval-callback', 'cancel-run', 'console', 'run-starter', 'stalled-runs'].sort());
    expect(writers('APPROVAL#*', 'dynamodb:PutItem')).toEqual(['request-approval']);
    expect(writers('APPROVAL#*', 'dynamodb:UpdateItem')).toEqual([
      'approval-callback',
      'cancel-run',
      'check-reply',
      'console',
      'escalate',
      'refund',
      'request-approval',
      'run-starter',
      'stalled-runs',
    ]);
    // The money paths' keys: the refund and the return opened (refund), the refund on receipt (process-return).
    expect(writers('IDEM#*', 'dynamodb:PutItem')).toEqual(['console', 'process-return', 'refund']);
    expect(writers('IDEM#*', 'dynamodb:DeleteItem')).toEqual(['console']);
    expect(writers('LOCK#CUSTOMER#*', 'dynamodb:PutItem')).toEqual(['refund']);
    expect(writers('LOCK#CUSTOMER#*', 'dynamodb:DeleteItem')).toEqual(['console', 'refund']);
    expect(writers('BUDGET#RUN#*', 'dynamodb:UpdateItem')).toEqual(modelCallers);
    expect(writers('BUDGET#DAY#*', 'dynamodb:UpdateItem')).toEqual(modelCallers);
    expect(writers('EVENT#*', 'dynamodb:PutItem')).toEqual(['run-starter']);
    expect(writers('EVENT#*#shopify#*', 'dynamodb:PutItem')).toEqual(['store-webhook']);
    // The helpdesk webhook's replay window (signed ids of deliveries without a signed timestamp), and nothing else.
    expect(writers('EVENT#*#replay:*', 'dynamodb:PutItem')).toEqual(['webhook-ingest']);
    expect(['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'].flatMap((action) => keysFor('webhook-ingest', action))).toEqual([
      'EVENT#*#replay:*',
    ]);
    // The console only lists shadow classes: promoting one is the shadow API's.
    expect(writers('SHADOW#*', 'dynamodb:PutItem')).toEqual(['shadow-api']);
    expect(writers('SHADOW#*', 'dynamodb:UpdateItem')).toEqual(['run-starter', 'shadow-api', 'store-webhook']);
    // Deletes: the customer's lock and a released review's idempotency key, nothing else.
    const deletable = FUNCTION_NAMES.flatMap((fn) => keysFor(fn, 'dynamodb:DeleteItem'));
    expect([...new Set(deletable)].sort()).toEqual(['IDEM#*', 'LOCK#CUSTOMER#*']);
  });

  it('splits the run partition: the run row and its journal rows are written through separate attribute lists', () => {
    const step = writesOf('triage');
    const row = step.find((s) => s.Sid === 'WriteRunRow')!;
    const journal = step.find((s) => s.Sid === 'WriteJournal')!;
    expect(row.Action).toBe('dynamodb:UpdateItem');
    expect(row.Condition!['ForAllValues:StringEquals']).toEqual({ 'dynamodb:Attributes': RUN_ROW_ATTRIBUTES });
    expect(journal.Action).toBe('dynamodb:PutItem');
    expect(journal.Condition!['ForAllValues:StringEquals']).toEqual({ 'dynamodb:Attributes': JOURNAL_ROW_ATTRIBUTES });
    // Key attributes are named (AWS requires them), and a journal row cannot carry a run's fields.
    expect(RUN_ROW_ATTRIBUTES).toEqual(expect.arrayContaining(['pk', 'sk', 'gsi2pk', 'gsi2sk', 'status', 'refund', 'expiresAt']));
    expect(JOURNAL_ROW_ATTRIBUTES).toEqual(expect.arrayContaining(['pk', 'sk', 'seq', 'kind', 'expiresAt']));
    expect(JOURNAL_ROW_ATTRIBUTES).not.toContain('status');
    expect(JOURNAL_ROW_ATTRIBUTES).not.toContain('gsi2pk');
  });

  it("narrows the public store webhook to the reversal, its Shopify delivery's dedupe row and shadow mode's samples and class version", () => {
    expect(writesOf('store-webhook').map(({ Sid, Action, Condition }) => ({ Sid, Action, Condition }))).toEqual([
      {
        Sid: 'WriteRunRow',
        Action: 'dynamodb:UpdateItem',
        Condition: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RUN#*'] },
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': ['pk', 'reversals', 'shadow', 'sk', 'tenant', 'updatedAt'] },
          Null: { 'dynamodb:LeadingKeys': 'false' },
        },
      },
      {
        Sid: 'WriteEvent',
        Action: 'dynamodb:PutItem',
        Condition: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['EVENT#*#shopify#*'] },
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': ['at', 'eventId', 'expiresAt', 'helpdesk', 'pk', 'runId', 'sk', 'tenant'] },
          Null: { 'dynamodb:LeadingKeys': 'false' },
        },
      },
      {
        Sid: 'WriteShadow',
        Action: 'dynamodb:UpdateItem',
        Condition: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['SHADOW#*'] },
          'ForAllValues:StringEquals': {
            'dynamodb:Attributes': ['classKey', 'counted', 'customer', 'disagreements', 'orders', 'pk', 'resolutions', 'sk', 'version', 'window'],
          },
          Null: { 'dynamodb:LeadingKeys': 'false' },
        },
      },
    ]);
  });

  it('narrows the public approval callback to deciding the approval, moving the run out of its wait, and its journal', () => {
    expect(writesOf('approval-callback').map(({ Sid, Action, Condition }) => ({ Sid, Action, Condition }))).toEqual([
      {
        Sid: 'WriteRunRow',
        Action: 'dynamodb:UpdateItem',
        Condition: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RUN#*'] },
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': ['approval', 'cancellation', 'gsi2pk', 'gsi2sk', 'pk', 'sk', 'status', 'updatedAt'] },
          Null: { 'dynamodb:LeadingKeys': 'false' },
        },
      },
      {
        Sid: 'WriteJournal',
        Action: 'dynamodb:PutItem',
        Condition: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RUN#*'] },
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': JOURNAL_ROW_ATTRIBUTES },
          Null: { 'dynamodb:LeadingKeys': 'false' },
        },
      },
      {
        Sid: 'WriteApproval',
        Action: 'dynamodb:UpdateItem',
        Condition: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['APPROVAL#*'] },
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': ['decidedAt', 'decidedBy', 'formToken', 'pk', 'reason', 'sk', 'status'] },
          Null: { 'dynamodb:LeadingKeys': 'false' },
        },
      },
    ]);
  });

  it("keeps every role's inline policy under IAM's 10,240-character limit", () => {
    for (const [, policy] of t.ofType('AWS::IAM::Policy')) {
      const size = JSON.stringify((policy.Properties as { PolicyDocument: unknown }).PolicyDocument).length;
      expect(size).toBeLessThan(10_240);
    }
  });
});
