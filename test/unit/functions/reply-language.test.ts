// The reply's language is read in code from the customer's own words (issue #37): the language whose
// common short words make up at least 60% of at least three found; Dutch is not read as German; a
// language the replies are not written in, or words too few or mixed, are drafted in the store's
// language with a note for the team; the sign-off and the amounts are in the reply's language.
import { describe, expect, it } from 'vitest';
import { MIN_CONFIDENCE, MIN_WORDS, detectLanguage, replyLanguageOf, signOffIn } from '#functions/shared/words/reply-language.js';
import { replyFacts } from '#functions/shared/reply.js';
import { makeRun, makeTriage, ticketIn } from '../../support/fixtures.js';

describe('the language of the customer’s words', () => {
  it('pins its thresholds: three words at least, 60% of them', () => {
    expect(MIN_WORDS).toBe(3);
    expect(MIN_CONFIDENCE).toBe(0.6);
  });

  it.each([
    ['en', 'The mug I ordered arrived broken and I would like my money back, please.'],
    ['es', 'La taza que pedí llegó rota y quiero que me devuelvan el dinero, por favor.'],
    ['de', 'Die Tasse aus meiner Bestellung ist kaputt angekommen, ich möchte bitte mein Geld zurück.'],
    ['fr', 'La tasse de ma commande est arrivée cassée, je voudrais être remboursé, merci.'],
    ['pt', 'A caneca da minha encomenda chegou partida e quero o reembolso, obrigado.'],
    ['it', 'La tazza del mio ordine è arrivata rotta e vorrei il rimborso, grazie.'],
    ['nl', 'De mok van mijn bestelling is kapot aangekomen en ik wil graag mijn geld terug.'],
  ])('reads %s with confidence', (language, text) => {
    const detected = detectLanguage(text);
    expect(detected.language).toBe(language);
    expect(detected.confidence).toBeGreaterThanOrEqual(MIN_CONFIDENCE);
    expect(detected.words).toBeGreaterThanOrEqual(MIN_WORDS);
  });

  it('reads a Dutch ticket as Dutch, not German, whatever the triage said', () => {
    const text = 'Hallo, de vaas van mijn bestelling 1042 is kapot aangekomen. Ik wil graag een terugbetaling.';
    expect(replyLanguageOf(text, 'de', 'en-US')).toEqual({ language: 'nl', note: null });
  });

  it('drafts in the store’s language, with a note, when the words are too few or another language', () => {
    expect(replyLanguageOf('Zepsuty kubek, zamówienie 1042. Proszę o zwrot pieniędzy.', 'pl', 'de-DE')).toEqual({
      language: 'de',
      note: expect.stringContaining('Drafted in the store\'s language (de), not the customer\'s (read as "pl")'),
    });
    // Too few words, and the triage read the store's language: no note.
    expect(replyLanguageOf('mug broken 1042', 'en', 'en-US')).toEqual({ language: 'en', note: null });
  });
});

describe('the reply facts in the customer’s language', () => {
  it('formats the amount and signs off in Portuguese, Italian and Dutch as in the four first languages', () => {
    for (const [language, signOff, written] of [
      ['pt', 'Apoio ao cliente', '18,00'],
      ['it', 'Assistenza clienti', '18,00'],
      ['nl', 'Klantenservice', '18,00'],
      ['es', 'Atención al cliente', '18,00'],
    ] as const) {
      const run = makeRun({ ticket: { ...makeRun().ticket, ...ticketIn(language) }, triage: makeTriage({ language }) });
      const facts = replyFacts(
        { ...run, refund: { refundId: 'r', orderId: 'o', orderNumber: '1001', amountMinor: 1800, currency: 'USD', createdAt: '', idempotencyKey: 'k' } },
        'refunded',
      );
      expect(facts.language).toBe(language);
      expect(facts.signOff).toBe(signOff);
      expect(facts.amount).toContain(written);
      expect(signOffIn(language)).toBe(signOff);
    }
  });
});
