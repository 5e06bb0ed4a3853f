// The reply at a return's three moments (issue #36): opened, the facts give what comes back, the
// refund the customer gets when the parcel arrives and the fee, in the currency they paid, the days
// to send it and how (the store's label, else the tenant's return address, else a line asking the
// team: never an invented address); refunded on receipt, they name the return and its fee; closed,
// they say nothing was refunded. The deterministic check accepts exactly those figures, refuses any
// other, any amount at all on a closed return, and a first reply saying the refund is already made.
import { describe, expect, it } from 'vitest';
import { checkDraft, replyFacts, replyOutcomeOf } from '#functions/shared/reply.js';
import type { Run } from '#functions/shared/domain/run.js';
import { LABEL_URL, RETURN_ADDRESS, returnRun } from './support/return-case.js';

const letter = (middle: string) => `Hello,\n\n${middle}\n\nBest regards,\nCustomer support`;

describe('which moment the reply tells', () => {
  it('is the return opened while its parcel is awaited, closed once given up, and a refund once refunded on receipt', () => {
    expect(replyOutcomeOf(returnRun({ status: 'open' }))).toBe('return_opened');
    expect(replyOutcomeOf(returnRun({ status: 'closed' }))).toBe('return_closed');
    expect(replyOutcomeOf(returnRun({ status: 'refunded' }))).toBe('refunded');
  });

  it('is a refund, as before, on a run with no return', () => {
    const { returnCase: _r, ...plain } = returnRun({ status: 'refunded' });
    expect(replyOutcomeOf(plain)).toBe('refunded');
  });
});

describe("a return's facts when it is opened", () => {
  it('give what comes back, the refund on receipt, the days to send it and the label', () => {
    const facts = replyFacts(returnRun({ labelUrl: LABEL_URL }), 'return_opened');

    expect(facts).toMatchObject({
      outcome: 'return_opened',
      orderNumber: '1001',
      returnName: '#1001-R1',
      items: ['1 × Linen shirt'],
      amountMinor: 4500,
      currency: 'USD',
      amount: '$45.00',
      fee: null,
      feeMinor: 0,
      sendWithinDays: 30,
      instructions: { kind: 'label', url: LABEL_URL },
    });
    expect(facts).not.toHaveProperty('paid');
  });

  it('give the fee taken from the refund, formatted as the amount is', () => {
    const facts = replyFacts(returnRun({ feeMinor: 500, language: 'de' }), 'return_opened');
    expect(facts).toMatchObject({ amount: '40,00\u00a0$', fee: '5,00\u00a0$', feeMinor: 500 });
  });

  it("give the tenant's return address when the store made no label, and the label when it did", () => {
    expect(replyFacts(returnRun(), 'return_opened', { returnAddress: RETURN_ADDRESS }).instructions).toEqual({ kind: 'address', address: RETURN_ADDRESS });
    expect(replyFacts(returnRun({ labelUrl: LABEL_URL }), 'return_opened', { returnAddress: RETURN_ADDRESS }).instructions).toEqual({
      kind: 'label',
      url: LABEL_URL,
    });
  });

  it('say the instructions are missing when there is neither a label nor an address', () => {
    expect(replyFacts(returnRun(), 'return_opened').instructions).toEqual({ kind: 'missing' });
    expect(replyFacts(returnRun(), 'return_opened', { returnAddress: '   ' }).instructions).toEqual({ kind: 'missing' });
  });

  it('give the refund and the fee in the euros the customer paid on a Markets order', () => {
    const facts = replyFacts(returnRun({ feeMinor: 500, euros: { amountMinor: 3700, feeMinor: 460 } }), 'return_opened');
    expect(facts).toMatchObject({ amountMinor: 3700, currency: 'EUR', amount: '€37.00', fee: '€4.60', feeMinor: 460 });
  });
});

describe("a return's facts once refunded on receipt, or closed", () => {
  it('name the return and its fee beside the receipt, and the units that came back', () => {
    const facts = replyFacts(returnRun({ status: 'refunded', feeMinor: 500, quantity: 2, receivedQuantity: 1 }), 'refunded');

    expect(facts).toMatchObject({ outcome: 'refunded', amount: '$40.00', returnName: '#1001-R1', fee: '$5.00', items: ['1 × Linen shirt'] });
    expect(facts).not.toHaveProperty('instructions');
  });

  it('say a closed return refunded nothing: its name and items, no amount nor fee', () => {
    const facts = replyFacts(returnRun({ status: 'closed', feeMinor: 500 }), 'return_closed');

    expect(facts).toMatchObject({
      outcome: 'return_closed',
      returnName: '#1001-R1',
      items: ['1 × Linen shirt'],
      amount: null,
      amountMinor: null,
      currency: null,
    });
    expect(facts).not.toHaveProperty('fee');
  });
});

describe('the deterministic check of a return opened', () => {
  const opened = (input: Parameters<typeof returnRun>[0] = {}) => returnRun({ feeMinor: 500, labelUrl: LABEL_URL, ...input });
  const good = letter(
    `We have opened return #1001-R1 for order #1001. Use this label: ${LABEL_URL}.\n\nOnce it arrives you will receive $40.00, less nothing more than the $5.00 return fee already counted.`,
  );

  it('accepts the refund on receipt and the fee', () => {
    expect(checkDraft(good, opened())).toEqual([]);
  });

  it('refuses a wrong amount, and the refund before the fee stated as what they get', () => {
    expect(checkDraft(good.replace('$40.00', '$45.00'), opened())).toEqual([
      'draft does not state the refund on receipt $40.00',
      'draft states an amount that did not happen: $45.00',
    ]);
  });

  it.each([
    ['en', 'We have refunded $40.00 for order #1001.'],
    ['en', 'Your $40.00 for order #1001 has been refunded.'],
    ['es', 'Hemos reembolsado 40,00 US$ del pedido #1001.'],
    ['pt', 'O valor de US$ 40,00 do pedido #1001 já foi reembolsado.'],
    ['fr', 'Nous avons remboursé 40,00 $US pour la commande #1001.'],
    ['de', 'Wir haben Ihnen 40,00 $ für die Bestellung #1001 erstattet.'],
    ['it', "Abbiamo rimborsato 40,00 USD per l'ordine #1001."],
  ])('refuses a draft in %s saying the refund is already made', (_language, claim) => {
    const problems = checkDraft(letter(`${claim} Label: ${LABEL_URL}`), opened());
    expect(problems.some((p) => p.startsWith('draft says the refund was already made'))).toBe(true);
  });

  it.each([
    ['en', 'Once the parcel arrives, you will be refunded $40.00 for order #1001.'],
    ['en', 'We have not refunded anything yet: $40.00 for order #1001 is refunded when the parcel arrives.'],
    ['de', 'Sobald das Paket eingeht, wird Ihnen der Betrag von 40,00 $ für die Bestellung #1001 erstattet.'],
    ['fr', 'Vous serez remboursé de 40,00 $US pour la commande #1001 dès réception du colis.'],
  ])('takes a refund promised in %s for the parcel\'s arrival as no claim: "%s"', (language, promise) => {
    expect(checkDraft(letter(`${promise} Label: ${LABEL_URL}`), opened({ language }))).toEqual([]);
  });

  it('requires the label when there is one, and the return address when there is only that', () => {
    expect(checkDraft(letter('Return #1001-R1 for order #1001: you will receive $40.00 on arrival.'), opened())).toEqual([
      `draft does not give the return label ${LABEL_URL}`,
    ]);
    const byPost = returnRun({ feeMinor: 500 });
    const address = 'Hearth & Clay Returns\n221 Harbour Road, Unit 4\nPortland, OR 97209\nUSA';
    expect(checkDraft(letter(`Send order #1001 to:\n${address}\nYou will receive $40.00 on arrival.`), byPost, { returnAddress: RETURN_ADDRESS })).toEqual([]);
    expect(checkDraft(letter('Send order #1001 back. You will receive $40.00 on arrival.'), byPost, { returnAddress: RETURN_ADDRESS })).toEqual([
      'draft does not give the return address',
    ]);
  });

  it('checks in the euros the customer paid on a Markets order', () => {
    const euros = opened({ euros: { amountMinor: 3700, feeMinor: 460 } });
    expect(checkDraft(letter(`Return for order #1001 (${LABEL_URL}): €37.00 on arrival, after a €4.60 fee.`), euros)).toEqual([]);
    expect(checkDraft(letter(`Return for order #1001 (${LABEL_URL}): $40.00 on arrival.`), euros)).toEqual([
      'draft does not state the refund on receipt €37.00',
      'draft names currency $, the refund on receipt is in EUR',
      'draft states an amount that did not happen: $40.00',
    ]);
  });
});

describe('the deterministic check of a return refunded on receipt, or closed', () => {
  it('accepts the fee beside the refunded amount', () => {
    const run = returnRun({ status: 'refunded', feeMinor: 500 });
    expect(checkDraft(letter('We have refunded $40.00 for order #1001 (return #1001-R1, less the $5.00 return fee).'), run)).toEqual([]);
    expect(checkDraft(letter('We have refunded $40.00 for order #1001 and $3.00 for your trouble.'), run)).toEqual([
      'draft states an amount that did not happen: $3.00',
    ]);
  });

  it('accepts no amount at all on a closed return', () => {
    const run: Run = returnRun({ status: 'closed', feeMinor: 500 });
    const closed = 'Return #1001-R1 for order #1001 was closed: the parcel did not arrive in time, so nothing was refunded.';
    expect(checkDraft(letter(closed), run)).toEqual([]);
    expect(checkDraft(letter(`${closed} The $40.00 stays with us.`), run)).toEqual([
      'draft names currency $, but nothing was refunded',
      'draft states an amount that did not happen: $40.00',
    ]);
    expect(checkDraft(letter('Your return was closed.'), run)).toEqual(['draft does not name order 1001']);
  });
});
