// Runs at a return's three moments (docs/policy.md "Returns and exchanges"): a $45.00 linen shirt on
// order #1001 coming back for a change of mind, the refund on receipt decided at $45.00 less the
// tenant's fee. Opened (the parcel awaited for 30 days), refunded on receipt, or closed with nothing
// refunded; with or without a label, in the shop's dollars or (Shopify Markets) in the euros the
// customer paid.
import type { ReturnCase, Run } from '#functions/shared/domain/run.js';
import type { GateDecision } from '#harness/domain/types.js';
import { NOW, makeOrder } from '../../../support/fixtures.js';
import { makeTriage, proposedRun, receiptFor } from '../../../support/steps.js';

export const SHIRT_LINE = 'gid://shopify/LineItem/10011';
export const LABEL_URL = 'https://labels.example/return/1001-R1.pdf';
export const RETURN_ADDRESS = 'Hearth & Clay Returns, 221 Harbour Road, Unit 4, Portland, OR 97209, USA';

export interface ReturnCaseInput {
  status?: ReturnCase['status'];
  /** The flat return fee in the shop's currency; default none. */
  feeMinor?: number;
  /** The store's label, when it made one. */
  labelUrl?: string;
  /** Sold in euros through Shopify Markets: the refund on receipt and the fee in the currency the customer paid. */
  euros?: { amountMinor: number; feeMinor: number };
  language?: string;
  /** Units that came back and were refunded (a partial return), when the status is refunded. */
  receivedQuantity?: number;
  quantity?: number;
}

const OPENED_AT = NOW.toISOString();
const RECEIVE_BY = new Date(NOW.getTime() + 30 * 86_400_000).toISOString();

/** The run at the moment `status` says: `open` waits for the parcel, `refunded` has its receipt, `closed` refunded nothing. */
export function returnRun(input: ReturnCaseInput = {}): Run {
  const { status = 'open', feeMinor = 0, quantity = 1 } = input;
  const unitMinor = 4500;
  const base = proposedRun(
    { runId: 'run-r', status: 'running', state: 'DraftReply', triage: makeTriage({ reason: 'changed_mind', language: input.language ?? 'en' }) },
    makeOrder({ title: 'Linen shirt', unitPriceMinor: unitMinor, quantity }),
  );
  const decidedMinor = unitMinor * quantity - feeMinor;
  const gate: GateDecision = {
    decision: 'auto',
    rules: [],
    reasons: [],
    amountMinor: decidedMinor,
    currency: 'USD',
    policyVersion: 'default-2026-09+abc',
    remedy: 'return',
    ...(input.euros ? { presentment: { amountMinor: input.euros.amountMinor, currency: 'EUR' } } : {}),
    returnTerms: {
      lines: [{ lineItemId: SHIRT_LINE, quantity }],
      feeMinor,
      ...(input.euros ? { feePresentmentMinor: input.euros.feeMinor } : {}),
      worthMinor: unitMinor * quantity,
      receiveWithinDays: 30,
    },
  };
  const returnCase: ReturnCase = {
    returnId: 'gid://shopify/Return/501',
    name: '#1001-R1',
    orderId: 'gid://shopify/Order/1001',
    openedAt: OPENED_AT,
    status,
    lines: [{ returnLineItemId: 'gid://shopify/ReturnLineItem/601', lineItemId: SHIRT_LINE, quantity }],
    feeMinor,
    decidedAmountMinor: decidedMinor,
    ...(input.euros ? { decidedPresentmentMinor: input.euros.amountMinor } : {}),
    currency: 'USD',
    policyVersion: 'default-2026-09+abc',
    decidedBy: { kind: 'auto' },
    receiveBy: RECEIVE_BY,
    label: input.labelUrl ? { url: input.labelUrl, trackingNumber: null, trackingUrl: null, carrier: null } : null,
    ...(status === 'refunded' ? { received: [{ returnLineItemId: 'gid://shopify/ReturnLineItem/601', quantity: input.receivedQuantity ?? quantity }] } : {}),
    events: [{ at: OPENED_AT, what: 'opened', by: 'agent' }],
  };
  const run: Run = { ...base, gate, returnCase };
  if (status !== 'refunded') return run;
  const received = input.receivedQuantity ?? quantity;
  const refundMinor = unitMinor * received - feeMinor;
  const presentment = input.euros ? { amountMinor: input.euros.amountMinor, currency: 'EUR' } : undefined;
  return { ...run, refund: receiptFor(run, { amountMinor: refundMinor, ...(presentment ? { presentment } : {}) }) };
}
