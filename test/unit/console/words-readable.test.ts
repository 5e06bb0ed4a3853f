// Text the code wrote for a person reads as words on the lists and the run page: step names, snake_case
// values and Shopify gids in an escalation's reason become what a lead reads; plain sentences stay as written.
import { describe, expect, it } from 'vitest';
import { readable } from '#functions/console/app/views/words.js';
import { escalationsSection } from '#functions/console/app/views/escalations.js';
import { makeRun } from '../../support/steps.js';

describe('readable: code in a sentence the code wrote', () => {
  it('words a step name, a snake_case value and a gid', () => {
    expect(readable('failed in CheckOrder: tool_failed on gid://shopify/LineItem/12')).toBe('failed in check order: tool failed on line item 12');
  });

  it('leaves a sentence, a customer’s CamelCase word and an email alone', () => {
    const sentence = 'the ticket names several orders (992, 1003); a person picks the one it is about';
    expect(readable(sentence)).toBe(sentence);
    expect(readable('the customer wrote about their MacBook, gus_l@example.com')).toBe('the customer wrote about their MacBook, gus_l@example.com');
  });
});

describe('the escalations queue', () => {
  it('says where the run stopped in words, and the reason without code', () => {
    const run = makeRun({ status: 'escalated', state: 'Escalate', escalation: { reason: 'amount_over_auto_limit in RequestApproval', step: 'CheckOrder' } });
    const html = escalationsSection({ escalations: [run] });
    expect(html).toContain('Stopped at');
    expect(html).toContain('Check order');
    expect(html).not.toContain('CheckOrder');
    expect(html).toContain('amount over auto limit in request approval');
  });
});

describe('a day in a reason', () => {
  it('reads in the page’s one date format', () => {
    expect(readable('refunds on this order: 16 Nov 2026; open until 2026-12-16')).toBe('refunds on this order: Nov 16, 2026; open until Dec 16, 2026');
  });
});
