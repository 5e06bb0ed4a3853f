// The sandbox store's orderCancel jobs and store credit over real HTTP, beyond what the adapter tests
// drive: a job finishes in the background once its delay has passed (an order read sees it without
// any poll), refundCreate's own refusals of store credit, and a restart on the same data file keeps
// the store credit, the restocks and the cancelled order. The read-only order page shows both.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxPages } from '#local/sandbox/pages.js';
import { demoFixture, startSandboxStore, type SandboxStore } from '#local/sandbox/index.js';
import { clock, STORE_TOKEN, storeGraphql } from '../../support/sandboxes.js';

const CANCEL = `mutation ($id: ID!) { orderCancel(orderId: $id, reason: CUSTOMER, restock: true, refundMethod: { originalPaymentMethodsRefund: true }) {
  job { id done } orderCancelUserErrors { field message code } } }`;
const REFUND = `mutation ($input: RefundInput!, $key: String!) {
  refundCreate(input: $input) @idempotent(key: $key) { refund { id } userErrors { field message } } }`;
const storeCredit = (orderNumber: number, lineItemId: string, amount: string, currencyCode = 'USD') => ({
  orderId: `gid://shopify/Order/${orderNumber}`,
  refundLineItems: [{ lineItemId, quantity: 1, restockType: 'RETURN', locationId: 'gid://shopify/Location/5' }],
  refundMethods: [{ storeCreditRefund: { amount: { amount, currencyCode } } }],
});

let stores: SandboxStore[] = [];
const start = async (options: Partial<Parameters<typeof startSandboxStore>[0]> = {}) => {
  const store = await startSandboxStore({ fixture: demoFixture(), clock, accessToken: STORE_TOKEN, ...options });
  stores.push(store);
  return store;
};
afterEach(async () => {
  await Promise.all(stores.map((s) => s.close()));
  stores = [];
});

describe('sandbox store: cancel jobs and store credit', () => {
  it('finishes a cancel job in the background once its delay has passed: a read of the order sees it cancelled', async () => {
    const store = await start({ cancelJobs: { delayMs: 0, pollsToFinish: 99 } });
    const { body } = await storeGraphql(store, CANCEL, { id: 'gid://shopify/Order/1004' });
    expect(body.data).toMatchObject({ orderCancel: { job: { done: false }, orderCancelUserErrors: [] } });
    const read = await storeGraphql(store, 'query ($id: ID!) { order(id: $id) { cancelledAt displayFinancialStatus } }', { id: 'gid://shopify/Order/1004' });
    expect(read.body.data).toEqual({ order: { cancelledAt: '2026-11-30T12:00:00Z', displayFinancialStatus: 'REFUNDED' } });
  });

  it('refuses store credit in another currency than the refund’s, or above what remains, changing nothing', async () => {
    const store = await start();
    const line = 'gid://shopify/LineItem/11001';
    for (const [input, field] of [
      [storeCredit(1001, line, '18.00', 'EUR'), 'refundMethods.0.storeCreditRefund.amount'],
      [storeCredit(1001, line, '999.00'), 'transactions.0.amount'],
    ] as const) {
      const { body } = await storeGraphql(store, REFUND, { input, key: `credit-refused-${field}` });
      const payload = (body.data as { refundCreate: { refund: null; userErrors: { field: string[] }[] } }).refundCreate;
      expect(payload.refund).toBeNull();
      expect(payload.userErrors.map((e) => e.field.join('.'))).toContain(field);
    }
    expect(store.store.ledgers.credits).toEqual([]);
    expect(store.store.orderById('gid://shopify/Order/1001')!.refunds).toEqual([]);
  });

  it('keeps store credit, restocks and a cancelled order across a restart on the same data file, and shows them on the order page', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'sandbox-credit-')), 'store.json');
    const first = await start({ dataFile });
    const { body } = await storeGraphql(first, REFUND, { input: storeCredit(1001, 'gid://shopify/LineItem/11001', '18.00'), key: 'credit-restart-1' });
    expect(body.data).toMatchObject({ refundCreate: { userErrors: [] } });
    const job = await storeGraphql(first, CANCEL, { id: 'gid://shopify/Order/1004' });
    const jobId = (job.body.data as { orderCancel: { job: { id: string } } }).orderCancel.job.id;
    for (let i = 0; i < 2; i++) await storeGraphql(first, 'query ($id: ID!) { job(id: $id) { done } }', { id: jobId });
    await first.close();
    stores = [];

    const again = await start({ dataFile });
    expect(again.store.ledgers.balanceMinor('gid://shopify/Customer/7001', 'USD')).toBe(1800);
    expect(again.store.ledgers.restockedUnits('gid://shopify/Location/5')).toBe(1);
    expect(again.store.orderById('gid://shopify/Order/1004')!.cancelledAt).toBe('2026-11-30T12:00:00Z');

    const page = (orderNumber: string) => {
      const route = sandboxPages({ store: again.store, helpdeskUrl: 'http://127.0.0.1:1', executions: () => undefined }).find((r) =>
        r.path.includes('{orderNumber}'),
      )!;
      return route.handler({ pathParameters: { orderNumber } } as unknown as APIGatewayProxyEventV2) as Promise<APIGatewayProxyStructuredResultV2>;
    };
    expect((await page('1001')).body).toMatch(/Customer&#39;s store credit.*\$18\.00/s);
    expect((await page('1004')).body).toMatch(/Cancelled<\/dt><dd><time datetime="2026-11-30T12:00:00Z"/);
  });
});
