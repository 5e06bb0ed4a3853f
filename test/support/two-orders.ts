// The demo store with a second order of Dev's (who has order 1004, two beeswax candles not yet shipped):
// order 1010, a $18 stoneware mug delivered yesterday. A ticket of Dev's can ask about both orders.
import { demoFixture, parseFixture, type SandboxFixture } from '#local/sandbox/index.js';

export const TWO_REQUESTS = 'Order 1010: the mug arrived cracked, please refund it. And please cancel order 1004, it has not shipped yet.';

export function twoOrdersFixture(): SandboxFixture {
  const demo = demoFixture();
  const mug = { number: 1010, customerId: '7004', createdDaysAgo: 5, fulfilledDaysAgo: 3, deliveredDaysAgo: 1 };
  const lineItems = [{ id: '11010', title: 'Stoneware mug', sku: 'MUG-STONE-2', quantity: 1, unitPriceMinor: 1800 }];
  return parseFixture({ ...demo, orders: [...demo.orders, { ...mug, lineItems }] });
}
