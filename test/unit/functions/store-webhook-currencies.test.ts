// The store webhook reads Shopify's amounts with the one ISO 4217 table (shared/money.ts): a dispute
// of "1500.00" HUF is 150000 minor units (the same units the Shopify adapter reads the order in),
// "500" JPY is 500, "12.345" KWD is 12345; an amount finer than its currency is no amount. The same
// reading serves the refunds/create payloads shadow mode compares.
import { describe, expect, it } from 'vitest';
import { createStoreWebhookHandler } from '#functions/intake/store-webhook/handler.js';
import { shopifySignedHeaders } from '#functions/intake/store-webhook/shopify.js';
import { decimalToMinorOrNull } from '#shared/money.js';
import { parseRefundCreated, refundedMinor } from '#functions/shadow/step/store-refund.js';
import type { HttpEvent } from '#functions/shared/http.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { recordingMetrics } from '../../support/metrics.js';
import { fixedClock, httpEvent, makeOrder, proposedRun, receiptFor } from '../../support/steps.js';

const SECRET = 'shopify-app-secret-for-tests';

function signedDispute(orderId: string, amount: string, currency: string): HttpEvent {
  const body = JSON.stringify({ id: 77, order_id: Number(orderId), type: 'chargeback', amount, currency, reason: 'fraudulent' });
  const event = httpEvent({ method: 'POST', path: '/webhooks/shopify', body });
  const headers = shopifySignedHeaders(SECRET, body, { topic: 'disputes/create', webhookId: `wh-${currency}` });
  return { ...event, headers: { ...event.headers, ...Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])) } };
}

/** The amount recorded on the run the agent refunded in `currency`, after a signed dispute of `amount`. */
async function disputedMinor(amount: string, currency: string, refundedMinorUnits: number): Promise<number | null | undefined> {
  const clock = fixedClock();
  const stores = createInMemoryStores({ clock });
  const { metrics } = recordingMetrics(clock);
  const handler = createStoreWebhookHandler({ tenant: 'demo', secret: SECRET, runs: stores.runs, events: stores.events, metrics, clock });
  const run = proposedRun({ runId: 'run-1', status: 'done', state: 'Done' }, makeOrder({ number: '1001' }));
  await stores.runs.create({ ...run, refund: receiptFor(run, { amountMinor: refundedMinorUnits, currency }) });

  const result = await handler(signedDispute('1001', amount, currency));

  expect(result.statusCode).toBe(200);
  const reversal = (await stores.runs.get('run-1'))!.reversals?.[0];
  expect(reversal?.currency).toBe(currency);
  return reversal?.amountMinor;
}

describe("the store webhook reads Shopify's amounts with the one currency table", () => {
  it.each([
    ['1500.00', 'HUF', 150_000],
    ['1500', 'HUF', 150_000],
    ['1500.5', 'HUF', 150_050],
    ['500', 'JPY', 500],
    ['500.0', 'JPY', 500],
    ['12.345', 'KWD', 12_345],
    ['11.50', 'USD', 1150],
  ] as const)('"%s" %s is %i minor units', (amount, currency, minor) => {
    expect(decimalToMinorOrNull(amount, currency)).toBe(minor);
  });

  it.each([
    ['1500.001', 'HUF'],
    ['500.5', 'JPY'],
    ['1.005', 'USD'],
    ['not money', 'USD'],
  ] as const)('reads "%s" %s as no amount', (amount, currency) => {
    expect(decimalToMinorOrNull(amount, currency)).toBeNull();
  });

  it('records a dispute of "1500.00" HUF on the run as 150000 minor units, the units the refund was made in', async () => {
    expect(await disputedMinor('1500.00', 'HUF', 150_000)).toBe(150_000);
  });

  it('records a dispute of "500" JPY as 500 minor units', async () => {
    expect(await disputedMinor('500', 'JPY', 500)).toBe(500);
  });

  it('records a dispute finer than its currency without an amount', async () => {
    expect(await disputedMinor('500.25', 'JPY', 500)).toBeNull();
  });

  it('reads a refunds/create payload in HUF and JPY in the same units', () => {
    const huf = parseRefundCreated({ id: 1, order_id: 1001, transactions: [{ amount: '1500.00', kind: 'refund', status: 'success', currency: 'HUF' }] });
    const jpy = parseRefundCreated({ id: 2, order_id: 1002, transactions: [{ amount: 500, kind: 'refund', status: 'success', currency: 'JPY' }] });

    expect(huf.ok && refundedMinor(huf.signal, 'HUF')).toBe(150_000);
    expect(jpy.ok && refundedMinor(jpy.signal, 'JPY')).toBe(500);
  });
});
