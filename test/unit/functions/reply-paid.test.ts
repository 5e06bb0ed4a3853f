// The reply may say what the refund is made of (issue #35): its facts carry what the customer paid
// for each item, its price, discount and tax, and the shipping and duties refunded, formatted in the
// customer's language and currency; the deterministic check accepts exactly those figures besides
// the refunded total and still refuses any other amount or currency. The offline model's writer says
// them in a sentence of its own. An older run's facts and checks are as before.
import { describe, expect, it } from 'vitest';
import { checkReply, writeReply, type ReplyFacts as OfflineFacts } from '#harness/adapters/models/offline/reply.js';
import { checkDraftAgainstReceipt, replyFacts } from '#functions/shared/reply.js';
import type { Run } from '#functions/shared/domain/run.js';
import { receiptFor } from '../../support/steps.js';
import { EURO_MUG, LOST_LAMP, WELCOME_MUG, paidRun, type PaidCase } from './support/paid-case.js';
import type { MoneyOrderSpec } from '../../support/money-orders.js';

/** The run after its refund: the receipt at the gate's amount, in the customer's currency on a Markets order. */
function refunded(spec: MoneyOrderSpec, input: PaidCase = {}): Run {
  const run = paidRun(spec, input);
  const gate = run.gate!;
  return { ...run, refund: receiptFor(run, { amountMinor: gate.amountMinor, ...(gate.presentment ? { presentment: gate.presentment } : {}) }) };
}
const draft = (middle: string) => `Hello,\n\nWe have refunded ${middle}\n\nBest regards,\nCustomer support`;

describe("the reply's facts", () => {
  it('give what the customer paid for the mug, every figure ready to print', () => {
    expect(replyFacts(refunded(WELCOME_MUG), 'refunded')).toMatchObject({
      amount: '$16.33',
      paid: [{ item: '1 × Stoneware mug', paid: '$16.33', price: '$20.00', discount: '25%', tax: '$1.33', taxIncluded: false }],
      shipping: null,
      duties: null,
    });
  });

  it("in the customer's language and currency", () => {
    const facts = replyFacts(refunded(EURO_MUG, { language: 'fr' }), 'refunded');
    expect(facts).toMatchObject({ currency: 'EUR', paid: [{ paid: '15,00\u00a0€', price: '20,00\u00a0€', tax: '2,50\u00a0€', taxIncluded: true }] });
  });

  it('give the shipping refunded when nothing arrived', () => {
    expect(replyFacts(refunded(LOST_LAMP, { reason: 'not_received' }), 'refunded')).toMatchObject({ amount: '$30.18', shipping: '$7.50' });
  });

  it('give none when the figures would not add up to the refund (the store rounded it), nor on an older run or an escalation', () => {
    const run = refunded(WELCOME_MUG);
    expect(replyFacts({ ...run, refund: { ...run.refund!, amountMinor: 1634 } }, 'refunded')).not.toHaveProperty('paid');
    const { breakdown: _b, ...older } = run.gate!;
    expect(Object.keys(replyFacts({ ...run, gate: older }, 'refunded')).sort()).toEqual(
      [
        'language',
        'orderNumber',
        'outcome',
        'remedy',
        'asked',
        'firstName',
        'signOff',
        'attachments',
        'amountMinor',
        'currency',
        'amount',
        'reason',
        'items',
      ].sort(),
    );
    expect(replyFacts(run, 'escalated', { escalationReason: 'a person checks it' })).not.toHaveProperty('paid');
  });
});

describe('the deterministic check of a draft', () => {
  const mug = refunded(WELCOME_MUG);

  it("accepts the breakdown's figures besides the refunded total", () => {
    const body = draft('$16.33 for order #1001. That is $20.00 less a 25% discount, plus $1.33 tax.');
    expect(checkDraftAgainstReceipt(body, mug)).toEqual([]);
    const lamp = refunded(LOST_LAMP, { reason: 'not_received' });
    expect(checkDraftAgainstReceipt(draft('$30.18 for order #1001: $22.68 for the lamp and $7.50 for shipping.'), lamp)).toEqual([]);
  });

  it('still refuses an invented amount, and a figure the facts did not give', () => {
    expect(checkDraftAgainstReceipt(draft('$16.33 for order #1001 and added a $5.00 voucher.'), mug)).toEqual([
      'draft states an amount that did not happen: $5.00',
    ]);
    // $15.00 is the discounted price before tax: true, but not a figure the reply was given.
    expect(checkDraftAgainstReceipt(draft('$16.33 for order #1001 ($15.00 plus tax).'), mug)).toEqual(['draft states an amount that did not happen: $15.00']);
  });

  it('still refuses the figures in another currency, and them all on an older run', () => {
    const euros = refunded(EURO_MUG);
    expect(checkDraftAgainstReceipt(draft('€15.00 for order #1001, that is €20.00 less 25%.'), euros)).toEqual([]);
    expect(checkDraftAgainstReceipt(draft('€15.00 for order #1001, that is $22.00 less 25%.'), euros)).toEqual([
      'draft names currency $, the refund was in EUR',
      'draft states an amount that did not happen: $22.00',
    ]);
    const { breakdown: _b, ...older } = mug.gate!;
    expect(checkDraftAgainstReceipt(draft('$16.33 for order #1001, that is $20.00 less 25%.'), { ...mug, gate: older })).toEqual([
      'draft states an amount that did not happen: $20.00',
    ]);
  });
});

describe("the offline model's reply", () => {
  const offline = (run: Run) => replyFacts(run, 'refunded') as OfflineFacts;

  it('says what the customer paid, and passes both checks', () => {
    const run = refunded(WELCOME_MUG);
    const { body } = writeReply(offline(run));
    expect(body).toBe(
      'Hello,\n\nWe have refunded $16.33 for order #1001 to your original payment method.\n\n' +
        'What you paid: 1 × Stoneware mug, $16.33 (unit price $20.00, less 25%, plus $1.33 tax).\n\nBest regards,\nCustomer support',
    );
    expect(checkReply(body, offline(run))).toEqual({ passed: true, problems: [] });
    expect(checkDraftAgainstReceipt(body, run)).toEqual([]);
  });

  it.each([
    ['es', 'Lo que pagó: 1 × Brass lamp, 22,68 US$ (precio unitario 21,00 US$, más 1,68 US$ de impuestos); envío 7,50 US$.'],
    ['de', 'Was Sie bezahlt haben: 1 × Brass lamp, 22,68 $ (Stückpreis 21,00 $, zuzüglich 1,68 $ Steuern); Versand 7,50 $.'],
    ['fr', 'Ce que vous avez payé : 1 × Brass lamp, 22,68 $US (prix unitaire 21,00 $US, plus 1,68 $US de taxes); livraison 7,50 $US.'],
  ])('says it in %s too, with the shipping, and passes both checks', (language, sentence) => {
    const run = refunded(LOST_LAMP, { reason: 'not_received', language });
    const { body } = writeReply(offline(run));
    expect(body.replace(/[\u00a0\u202f]/g, ' ')).toContain(sentence);
    expect(checkReply(body, offline(run))).toEqual({ passed: true, problems: [] });
    expect(checkDraftAgainstReceipt(body, run)).toEqual([]);
  });

  it('adds nothing for one item at its price, and its checker still refuses an amount the facts did not give', () => {
    const plain = refunded({ lines: [{ title: 'Stoneware mug', unitMinor: 1800 }] });
    expect(writeReply(offline(plain)).body).toBe(
      'Hello,\n\nWe have refunded $18.00 for order #1001 to your original payment method.\n\nBest regards,\nCustomer support',
    );
    const mug = refunded(WELCOME_MUG);
    expect(checkReply(draft('$16.33 for order #1001; $1.33 is tax and $21.33 a voucher.'), offline(mug))).toEqual({
      passed: false,
      problems: ['the draft states an amount that did not happen: $21.33'],
    });
  });
});
