// The offline model's replies at a return's three moments, in each language it writes (en, es, de,
// fr), from the facts alone: opened (what to send back, how, within how many days, the refund on
// receipt and the fee), refunded on receipt (the return named, its fee), closed with nothing
// refunded. Each passes its own checker and the deterministic check; neither lets a first reply say
// the refund is already made, and with no label nor address the draft asks the team rather than
// inventing where to send the parcel.
import { describe, expect, it } from 'vitest';
import { checkReply, writeReply, type ReplyFacts as OfflineFacts } from '#harness/adapters/models/offline/reply.js';
import { checkDraft, replyFacts, replyOutcomeOf, type ReplySettings } from '#functions/shared/reply.js';
import type { Run } from '#functions/shared/domain/run.js';
import { LABEL_URL, RETURN_ADDRESS, returnRun, type ReturnCaseInput } from './support/return-case.js';

const LANGUAGES = ['en', 'es', 'de', 'fr'] as const;

/** The facts DraftReply gives the model for the run's moment, and the draft the offline model writes from them. */
function drafted(input: ReturnCaseInput, settings: ReplySettings = {}): { run: Run; facts: OfflineFacts; body: string } {
  const run = returnRun(input);
  const facts = replyFacts(run, replyOutcomeOf(run), settings) as OfflineFacts;
  const { body } = writeReply(facts);
  return { run: { ...run, draft: { body, language: facts.language, check: null, noteId: null } }, facts, body };
}

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the offline reply to a return opened', () => {
  it('says what to send back, with the label, within how many days, and what comes back on arrival less the fee', () => {
    const { body } = drafted({ feeMinor: 500, labelUrl: LABEL_URL });
    expect(body).toBe(
      'Hello,\n\nWe have opened return #1001-R1 for order #1001. Please send back within 30 days: 1 × Linen shirt.\n\n' +
        `Use this return label: ${LABEL_URL}.\n\n` +
        'Once the parcel arrives, you will receive $40.00 on your original payment method (a return fee of $5.00 is taken from it).' +
        '\n\nBest regards,\nCustomer support',
    );
  });

  it.each(LANGUAGES)('in %s, with the label or the address and a fee, passes both checks', (language) => {
    for (const [input, settings] of [
      [{ language, feeMinor: 500, labelUrl: LABEL_URL }, {}],
      [{ language, feeMinor: 500 }, { returnAddress: RETURN_ADDRESS }],
      [{ language }, { returnAddress: RETURN_ADDRESS }],
    ] as const) {
      const { run, facts, body } = drafted(input, settings);
      expect(checkReply(body, facts), body).toEqual({ passed: true, problems: [] });
      expect(checkDraft(body, run, settings), body).toEqual([]);
    }
  });

  it.each(LANGUAGES)('in %s, with neither a label nor an address, asks the team in brackets and invents no address', (language) => {
    const { run, facts, body } = drafted({ language });
    expect(body).toMatch(/\n\n\[[^\]]+\]\n\n/);
    expect(body).not.toContain(RETURN_ADDRESS);
    expect(checkReply(body, facts)).toEqual({ passed: true, problems: [] });
    expect(checkDraft(body, run)).toEqual([]);
  });

  it('states the refund and the fee in the euros the customer paid', () => {
    const { run, facts, body } = drafted({ feeMinor: 500, labelUrl: LABEL_URL, euros: { amountMinor: 3700, feeMinor: 460 } });
    expect(body).toContain('you will receive €37.00 on your original payment method (a return fee of €4.60 is taken from it)');
    expect(checkReply(body, facts)).toEqual({ passed: true, problems: [] });
    expect(checkDraft(body, run)).toEqual([]);
  });

  it('its checker refuses a draft saying the refund was made, or stating the refund before the fee', () => {
    const { facts } = drafted({ feeMinor: 500, labelUrl: LABEL_URL });
    expect(checkReply(`We have refunded $40.00 for order #1001. Label: ${LABEL_URL}`, facts).problems).toEqual([
      'the draft says the refund was made, but it is made when the parcel arrives',
    ]);
    expect(checkReply(`You will receive $45.00 for order #1001. Label: ${LABEL_URL}`, facts).problems).toEqual([
      'the draft does not state the refund on receipt $40.00',
      'the draft states an amount that did not happen: $45.00',
    ]);
  });
});

describe('the offline reply to a return refunded on receipt, or closed', () => {
  it('names the return and its fee beside the refund', () => {
    const { body } = drafted({ status: 'refunded', feeMinor: 500 });
    expect(body).toBe(
      'Hello,\n\nWe have refunded $40.00 for order #1001 to your original payment method.\n\n' +
        'This is the refund of return #1001-R1, now that your parcel has arrived; the return fee of $5.00 was taken from it.' +
        '\n\nBest regards,\nCustomer support',
    );
  });

  it.each(LANGUAGES)('in %s, refunded on receipt with a fee, passes both checks', (language) => {
    const { run, facts, body } = drafted({ status: 'refunded', feeMinor: 500, language });
    expect(plain(body)).toContain('#1001-R1');
    expect(checkReply(body, facts)).toEqual({ passed: true, problems: [] });
    expect(checkDraft(body, run)).toEqual([]);
  });

  it.each(LANGUAGES)('in %s, closed, says nothing was refunded and states no amount, and passes both checks', (language) => {
    const { run, facts, body } = drafted({ status: 'closed', feeMinor: 500, language });
    expect(body).toContain('#1001-R1');
    expect(body).toContain('1 × Linen shirt');
    expect(body).not.toMatch(/\d[.,]\d\d/);
    expect(checkReply(body, facts)).toEqual({ passed: true, problems: [] });
    expect(checkDraft(body, run)).toEqual([]);
  });
});
