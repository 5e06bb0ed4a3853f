// Least privilege down to the row: which item types of the one table (functions/shared/stores/dynamo/table.ts)
// each function may write, as IAM conditions. A write is allowed only by a statement of its item type:
// `dynamodb:LeadingKeys` (the partition key, ForAllValues:StringLike) names the type's key prefix, and
// where a partition holds two types (RUN#<runId> holds the run row and its journal rows) or a role is
// public-facing, `dynamodb:Attributes` (ForAllValues:StringEquals) lists the attribute names a write
// may name (item, key, update and condition expressions). Reads stay table-wide (access.ts).
//
// What IAM cannot say, and why the conditions stand anyway:
// - The sort key is no condition key: a role that may put journal rows could put one over a run row's
//   key (RUN#<runId>/RUN); the attribute list keeps such an item to a journal row's fields.
// - ReturnValues is not restricted: ALL_NEW returns attributes outside the list, but every writer may
//   already read the whole table, so it reveals nothing more (AWS restricts it when reads are narrowed).
// - ForAllValues holds for a request without the key; `Null: false` makes LeadingKeys required.
// test/unit/infra/row-access.test.ts asserts these statements; test/e2e/row-access.test.ts runs tickets
// through the local runtime and checks every write each function made against its own statements.
import { Run } from '#functions/shared/domain/run.js';
import { JournalRow } from '#harness/domain/types.js';
import type { FunctionName } from './functions.js';

export type WriteAction = 'PutItem' | 'UpdateItem' | 'DeleteItem';

/** One item type: its partition-key patterns (StringLike), and when restricted, the attribute names a write may use. */
export type ItemType = { keys: readonly string[]; attributes?: readonly string[] };

/** Table and index key attributes: a write that moves a run row in an index names them (AWS: list every key attribute used). */
const TABLE_KEY_ATTRIBUTES = ['pk', 'sk'] as const;
const INDEX_KEY_ATTRIBUTES = ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'] as const;
const TTL = 'expiresAt';

const sorted = (names: Iterable<string>): string[] => [...new Set(names)].sort();

/** The run row, RUN#<runId>/RUN: the Run record's fields, its index keys and its TTL (run-row.ts, runs.ts). */
export const RUN_ROW_ATTRIBUTES = sorted([...TABLE_KEY_ATTRIBUTES, ...INDEX_KEY_ATTRIBUTES, TTL, ...Object.keys(Run.shape)]);
/** A journal row, RUN#<runId>/JOURNAL#<seq>: the JournalRow's fields and its TTL (journal.ts). */
export const JOURNAL_ROW_ATTRIBUTES = sorted([...TABLE_KEY_ATTRIBUTES, TTL, ...Object.keys(JournalRow.shape)]);

/** The table's item types by their partition keys (table.ts `keys`). */
export const ITEM_TYPES = {
  runRow: { keys: ['RUN#*'], attributes: RUN_ROW_ATTRIBUTES },
  journal: { keys: ['RUN#*'], attributes: JOURNAL_ROW_ATTRIBUTES },
  event: { keys: ['EVENT#*'] },
  idempotency: { keys: ['IDEM#*'] },
  approval: { keys: ['APPROVAL#*'] },
  runBudget: { keys: ['BUDGET#RUN#*'] },
  dayBudget: { keys: ['BUDGET#DAY#*'] },
  shadow: { keys: ['SHADOW#*'] },
  customerLock: { keys: ['LOCK#CUSTOMER#*'] },
  /** A ticket with several requests: its ledger (functions/shared/stores/dynamo/tickets.ts). */
  ticket: { keys: ['TICKET#*'] },
} as const satisfies Record<string, ItemType>;
export type ItemTypeName = keyof typeof ITEM_TYPES;

/** A function's writes of one item type: the actions, and a narrower type where its code writes less. */
export type RowWrite = { item: ItemTypeName; actions: readonly WriteAction[]; narrowed?: ItemType };

const put = ['PutItem'] as const;
const update = ['UpdateItem'] as const;
const putUpdate = ['PutItem', 'UpdateItem'] as const;

/** Every step: its run row (updates, cost), and journal rows for its tool and model calls and decisions. */
const STEP: readonly RowWrite[] = [
  { item: 'runRow', actions: update },
  { item: 'journal', actions: put },
];
/** A model call reserves and settles the run's and the tenant-day's budget (budget.ts: conditional counter updates). */
const MODEL_BUDGET: readonly RowWrite[] = [
  { item: 'runBudget', actions: update },
  { item: 'dayBudget', actions: update },
];
/** Escalating in-process (the Escalate use case) closes a pending approval (ApprovalStore.decide). */
const CLOSES_APPROVAL: RowWrite = { item: 'approval', actions: update };
/** One of several requests of a ticket: its refund reserved, its end marked, the combined reply claimed and recorded on the ticket's ledger. */
const ENDS_REQUEST: RowWrite = { item: 'ticket', actions: update };

/**
 * What each function's code writes, found by reading the paths its entry reaches and measured by
 * test/e2e/row-access.test.ts. A function absent here writes nothing (it gets no write statement).
 */
export const ROW_WRITES: Partial<Record<FunctionName, readonly RowWrite[]>> = {
  // Public (Shopify's signed webhook): the dispute's reversal on the refunded runs, the delivery's dedupe
  // row, and shadow mode's resolution of a person's refund (the run's `shadow` field, its sample and the class's version).
  'store-webhook': [
    {
      item: 'runRow',
      actions: update,
      narrowed: { keys: ['RUN#*'], attributes: sorted(['pk', 'sk', 'reversals', 'shadow', 'tenant', 'updatedAt']) },
    },
    {
      item: 'event',
      actions: put,
      narrowed: { keys: ['EVENT#*#shopify#*'], attributes: sorted(['pk', 'sk', 'tenant', 'helpdesk', 'eventId', 'runId', 'at', TTL]) },
    },
    // The resolution's independent sample (its counts, orders and the resolutions it has counted), its
    // order's window and the class's version (functions/shared/stores/dynamo/shadow.ts).
    {
      item: 'shadow',
      actions: update,
      narrowed: {
        keys: ['SHADOW#*'],
        attributes: sorted(['pk', 'sk', 'classKey', 'version', 'customer', 'window', 'resolutions', 'disagreements', 'orders', 'counted']),
      },
    },
  ],
  // Public (the helpdesks' signed webhooks): the replay window's rows only, the signed ids of deliveries
  // that carry no signed timestamp (EVENT#<tenant>#replay:<helpdesk>#<id>, functions/intake/webhook-ingest/replay-window.ts).
  'webhook-ingest': [
    {
      item: 'event',
      actions: put,
      narrowed: { keys: ['EVENT#*#replay:*'], attributes: sorted(['pk', 'sk', 'tenant', 'helpdesk', 'eventId', 'runId', 'at', TTL]) },
    },
  ],
  // Public (the approval page behind a per-approver link): decides the approval once, records it on the
  // run and moves the run out of its wait, journals the get_order re-read. It never creates a run.
  'approval-callback': [
    {
      item: 'runRow',
      actions: update,
      narrowed: {
        keys: ['RUN#*'],
        attributes: sorted(['pk', 'sk', 'approval', 'status', 'cancellation', 'updatedAt', 'gsi2pk', 'gsi2sk']),
      },
    },
    { item: 'journal', actions: put },
    {
      item: 'approval',
      actions: update,
      narrowed: { keys: ['APPROVAL#*'], attributes: sorted(['pk', 'sk', 'status', 'decidedBy', 'decidedAt', 'reason', 'formToken']) },
    },
  ],
  // Claims the helpdesk event, creates the run row, notes follow-ups; cancels (cancel-run's use case:
  // the approval closed, the holding note's post_draft journalled) and resolves shadow runs on a solved ticket.
  'run-starter': [
    { item: 'runRow', actions: putUpdate },
    { item: 'journal', actions: put },
    { item: 'event', actions: put },
    CLOSES_APPROVAL,
    { item: 'shadow', actions: update },
  ],
  // A ticket with several requests: its ledger opened (a conditional put).
  triage: [...STEP, ...MODEL_BUDGET, { item: 'ticket', actions: put }],
  // CheckOrder, the order agent and the Gate (one Task): the Gate of one of several requests reserves its automatic refund on the ticket's ledger.
  'propose-refund': [...STEP, ...MODEL_BUDGET, ENDS_REQUEST],
  'request-approval': [...STEP, { item: 'approval', actions: putUpdate }],
  // The money path: the idempotency key (begin, complete, mark unknown), the customer's refund lock
  // (a conditional put, released by a conditional delete), the approval spent on the refund.
  refund: [
    ...STEP,
    { item: 'idempotency', actions: putUpdate },
    { item: 'customerLock', actions: ['PutItem', 'DeleteItem'] },
    { item: 'approval', actions: update },
  ],
  'await-return': STEP,
  // The refund on receipt: its idempotency key (begin, complete, mark unknown).
  'process-return': [...STEP, { item: 'idempotency', actions: putUpdate }],
  'draft-reply': [...STEP, ...MODEL_BUDGET],
  'check-reply': [...STEP, ...MODEL_BUDGET, CLOSES_APPROVAL, ENDS_REQUEST],
  escalate: [...STEP, ...MODEL_BUDGET, CLOSES_APPROVAL, ENDS_REQUEST],
  shadow: STEP,
  'cancel-run': [...STEP, CLOSES_APPROVAL],
  'stalled-runs': [...STEP, ...MODEL_BUDGET, CLOSES_APPROVAL, ENDS_REQUEST],
  // Switches a class to auto: the class row (conditional update) and one promotion row.
  'shadow-api': [{ item: 'shadow', actions: putUpdate }],
  // The operator's actions: re-run (a new run row), cancel, decide, hand back (journalled notes);
  // settling a review completes or releases the idempotency key and frees the customer's lock. Shadow
  // classes it only lists (promoting is the shadow API's), so it writes no shadow row.
  console: [
    { item: 'runRow', actions: putUpdate },
    { item: 'journal', actions: put },
    { item: 'approval', actions: update },
    { item: 'idempotency', actions: ['PutItem', 'UpdateItem', 'DeleteItem'] },
    { item: 'customerLock', actions: ['DeleteItem'] },
  ],
};

/** A write statement's IAM JSON, less its Resource (the table, added by access.ts). */
export type RowStatement = { sid: string; actions: string[]; conditions: Record<string, Record<string, string | string[]>> };

const sidOf = (item: string) => `Write${item[0]!.toUpperCase()}${item.slice(1)}`;

/** The write statements of one function: one per item type it writes, each with its conditions. */
export function rowWriteStatements(name: FunctionName): RowStatement[] {
  return (ROW_WRITES[name] ?? []).map(({ item, actions, narrowed }) => {
    const type: ItemType = narrowed ?? ITEM_TYPES[item];
    const conditions: RowStatement['conditions'] = { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...type.keys] } };
    if (type.attributes) conditions['ForAllValues:StringEquals'] = { 'dynamodb:Attributes': [...type.attributes] };
    conditions.Null = { 'dynamodb:LeadingKeys': 'false' };
    return { sid: sidOf(item), actions: actions.map((action) => `dynamodb:${action}`), conditions };
  });
}
