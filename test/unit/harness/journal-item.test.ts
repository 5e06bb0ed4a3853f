// A journal row is stored as small as its content allows (harness/adapters/dynamo/journal-item.ts):
// a write is billed per started kilobyte, so what the keys say is not stored again and the long
// texts are deflated. What is read back is the row exactly as it was appended.
import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { itemSize, writeUnits } from '../../../bench/cost/capacity.js';
import { DEFLATE_FROM_CHARS, journalItem, journalRowOf } from '#harness/adapters/dynamo/journal-item.js';
import { keys } from '#harness/adapters/dynamo/table.js';
import { JournalRow } from '#harness/domain/types.js';

const ORDER_FACTS = {
  orderId: 'gid://shopify/Order/2000',
  orderNumber: '2000',
  currency: 'USD',
  lineItems: [1, 2, 3].map((n) => ({
    id: `gid://shopify/LineItem/2000${n}`,
    title: `Stoneware mug, speckled glaze, size ${n}`,
    quantity: 1,
    refundableQuantity: 1,
    unitPriceMinor: 1800,
    fulfilledAt: '2026-11-28T23:36:28Z',
    giftCard: false,
  })),
  refunds: [],
  refundsLast90Days: 0,
};
/** An order agent's row as the model gateway writes it: input and result of a kilobyte and more. */
const row = JournalRow.parse({
  runId: 'run-58509ff0f5a2ab44f8885df8',
  seq: '2026-12-01T23:36:31.844Z#00000004#aMwRUHVqqW2PvXWG7o9-Ww',
  at: '2026-12-01T23:36:31.844Z',
  step: 'ProposeRefund',
  kind: 'model',
  name: 'order_agent',
  provider: 'anthropic',
  argsHash: 'df7a4785fa98e2f6adab8ee9a927299372cc7088d189a23e6af116adcb2271da',
  outcome: 'ok',
  detail: 'stop end_turn, request msg_01',
  latencyMs: 2412,
  costMicros: 8120,
  model: 'claude-sonnet',
  inputTokens: 1156,
  outputTokens: 138,
  idempotencyKey: null,
  result: JSON.stringify({
    remedy: 'refund',
    reason: 'damaged',
    lineItems: [{ lineItemId: 'gid://shopify/LineItem/20001', quantity: 1, quote: 'the mug arrived cracked' }],
    evidence: ['remedy: refund', 'reason from triage: damaged', '"Stoneware mug" × 1, in the customer\'s words: "the mug arrived cracked"'],
  }),
  truncated: false,
  input: JSON.stringify({
    input: { order: ORDER_FACTS, ticket: { body: 'Hello, the mug in order 2000 arrived cracked. Please refund it.', untrusted: true } },
  }),
  inputTruncated: false,
  promptVersion: 'd955845198f3',
  requestId: 'msg_01',
});
const stored = (r: JournalRow) => ({ ...keys.journal(r.runId, r.seq), ...journalItem(r), expiresAt: 1830728191 });
const sizeOf = (item: Record<string, unknown>) => itemSize(marshall(item) as Parameters<typeof itemSize>[0]);

describe('a journal row as a table item', () => {
  it('reads back exactly the row that was appended', () => {
    expect(journalRowOf(stored(row))).toEqual(row);
    const short = JournalRow.parse({ ...row, input: undefined, result: '{"ok":true}' });
    expect(journalRowOf(stored(short))).toEqual(short);
  });

  it('does not store the run id and sequence its keys already hold, and deflates only the long texts', () => {
    const item = journalItem(row);
    expect(item).not.toHaveProperty('runId');
    expect(item).not.toHaveProperty('seq');
    expect(item.input).toBeInstanceOf(Uint8Array);
    expect(item.result).toBeInstanceOf(Uint8Array);
    expect(journalItem({ ...row, result: 'x'.repeat(DEFLATE_FROM_CHARS - 1) }).result).toBe('x'.repeat(DEFLATE_FROM_CHARS - 1));
  });

  it('brings a model row of two kilobytes under one write unit', () => {
    const plainItem = { ...keys.journal(row.runId, row.seq), ...row, expiresAt: 1830728191 };
    expect(writeUnits(sizeOf(plainItem))).toBeGreaterThanOrEqual(2);
    expect(writeUnits(sizeOf(stored(row)))).toBe(1);
  });
});
