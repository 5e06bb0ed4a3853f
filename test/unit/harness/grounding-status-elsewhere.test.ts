// One of several requests of a ticket: "the teapot from #4807 arrived cracked, can you refund it?
// Also, where is the refund for the vase on #4808?" The question about an earlier refund is the
// other request's (its own run answers it), so it holds nothing against the teapot's refund, unless
// the teapot's order has a refund of its own the words could be about.
import { describe, expect, it } from 'vitest';
import { groundProposal, RULES } from '#harness/policy/index.js';
import { order, proposal } from './grounding-support.js';
import { daysAgo } from '../../support/fixtures.js';

const TEAPOT = order([{ id: '1', title: 'Cast-iron teapot', quantity: 1, price: 4200 }]);
const words = [
  'Teapot lid + where is my refund',
  'Hi, the cast-iron teapot arrived with the lid cracked, can you refund it? Also, you told me last week that another item was refunded, but I still do not see it on my card. Where is that refund?',
];
const claim = proposal(TEAPOT, [['1', 1, 'the cast-iron teapot arrived with the lid cracked, can you refund it?']]);
const rules = (facts: typeof TEAPOT, statusAskedOfAnotherOrder?: boolean) =>
  groundProposal({ customerText: words, proposal: claim, order: facts, triage: { riskFlags: [] }, statusAskedOfAnotherOrder }).findings.map((f) => f.rule);

describe('a refund-status question another request of the ticket asks', () => {
  it('holds nothing against this request when this order has no refund', () => {
    expect(rules(TEAPOT, true)).not.toContain(RULES.refundStatusQuestion);
  });

  it('still holds when this order has a refund the words could be about', () => {
    const refunded = { ...TEAPOT, refunds: [{ refundId: 'gid://shopify/Refund/1', createdAt: daysAgo(5), amountMinor: 1000, lineItems: [] }] };
    expect(rules(refunded, true)).toContain(RULES.refundStatusQuestion);
  });

  it('holds on a ticket whose status question is no other request’s', () => {
    expect(rules(TEAPOT)).toContain(RULES.refundStatusQuestion);
    expect(rules(TEAPOT, false)).toContain(RULES.refundStatusQuestion);
  });
});
