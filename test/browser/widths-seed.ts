// The widths seed the list tests share: the returns store (demo orders, shirts, a euro order), Hana
// with two orders, Dev with one shirt, and twenty runs of every kind (refunded, waiting for approval,
// escalated with actions, pending review, waiting for a returned parcel, cancelled, paid in euros).
import { expect } from 'vitest';
import type { LocalRuntime } from '#local/runtime.js';
import type { SandboxFixture } from '#local/sandbox/index.js';
import { returnsFixture } from '../support/returns-store.js';
import { POLICY, RETURN_ADDRESS, waiting, world } from '../support/returns-e2e.js';
import { getRun, postWebhook, startRuntime, ticketCreated, waitForRun, type RunView } from '../support/local-runtime.js';
import { withHana } from './fixtures.js';

/** [ticket, requester, the customer's words]: the runs of the list, besides the three seeded one by one below. */
export const TICKETS: ReadonlyArray<readonly [string, string, string]> = [
  ['8302', '9002', 'Hello, the wool throw blanket from order #1002 arrived damaged, there is a big hole in it. I would like a refund.'],
  ['8303', '9004', 'Hi, can you change the shipping address on order 1004 to 5 Elm Street please?'],
  ['8304', '9008', 'Hi, I have two orders, 2101 and 2102. The glazed serving plate arrived cracked, please refund it.'],
  ['8306', '9004', "Hi, the linen shirt from order 5201 doesn't fit me. Can I send it back for a refund?"],
  ['8307', '9002', 'The mug in order 1001 arrived cracked, please refund it.'],
  ['8308', '9001', 'Hi again, the mug in order 1001 arrived cracked. Could I get a refund please?'],
  ['8309', '9003', 'The glazed serving plate from order 1003 cracked in transit. Refund please.'],
  ['8310', '9006', 'Only three of my four plates from order 1006 came. Please refund the missing one.'],
  ['8311', '9007', 'The second set of brass napkin rings from order 1007 is scratched too. I want a refund.'],
  ['8312', '9001', 'The linen shirt from order 5004 arrived torn. Please refund it.'],
  ['8313', '9004', 'Where is my order 1004? It has not arrived yet.'],
  ['8314', '9005', 'The cotton apron from order 1005 is the wrong colour.'],
  ['8315', '9003', 'Please refund my order, it was not what I expected.'],
  ['8316', '9007', 'Please cancel order 1007.'],
  ['8317', '9006', 'The ceramic bowl in order 1006 arrived chipped, refund please.'],
  ['8318', '9008', 'The linen napkins from order 2101 have a stain that does not wash out. Refund please.'],
  ['8319', '9002', 'Cancel my order 1002 please, I no longer want it.'],
  ['8320', '9004', 'Order 1004 has not shipped yet, please cancel it and refund me.'],
];

/** The store and helpdesk of the seed: every ticket above, and the two seeded one by one. */
function fixture(): SandboxFixture {
  const shirt = { title: 'Linen shirt', sku: 'SHIRT-M-BLUE', quantity: 1, unitPriceMinor: 3400, productId: '8001', variantId: '8101' };
  const tickets = [...TICKETS.map(([id, requesterId]) => [id, requesterId] as const), ['8301', '9001'] as const, ['8305', '9005'] as const];
  return withHana(returnsFixture(), tickets, 'Widths test', [{ number: 5201, customerId: '7004', createdDaysAgo: 8, fulfilledDaysAgo: 5, lineItems: [shirt] }]);
}

/** The local runtime with the seed's store, the returns policy and a return address. */
export const startWidthsRuntime = (): Promise<LocalRuntime> =>
  startRuntime({ fixture: fixture(), policy: POLICY, returnAddress: RETURN_ADDRESS, timer: world().timer });

async function ticket(rt: LocalRuntime, ticketId: string, requesterId: string, text: string): Promise<string> {
  const { status, json } = await postWebhook(rt, ticketCreated({ ticketId, requesterId, text }));
  expect(status).toBe(202);
  return json.runId as string;
}

/**
 * The runs: one waiting for a review (the store answers its refund without saying what became of
 * it), one refunded, then every ticket above, each until it stops or waits.
 */
export async function seedWidths(rt: LocalRuntime): Promise<{ review: string; refunded: string; all: RunView[] }> {
  rt.store.faults.ambiguousRefundNext(1, { commit: false });
  const review = await ticket(rt, '8305', '9005', 'The cotton apron from order 1005 arrived torn. Refund please.');
  await waitForRun(rt, review, (r) => r.status === 'pending_review');
  const refunded = await ticket(rt, '8301', '9001', 'Hi, the mug in order 1001 arrived cracked. Could I get a refund please?');
  expect((await waitForRun(rt, refunded, waiting)).status).toBe('done');
  const ids = await Promise.all(TICKETS.map(([id, requester, text]) => ticket(rt, id, requester, text)));
  await Promise.all(ids.map((id) => waitForRun(rt, id, waiting, 60_000)));
  const all = (await Promise.all([review, refunded, ...ids].map((id) => getRun(rt, id)))).map((r) => r!);
  return { review, refunded, all };
}
