// Asking for a refund already made to be paid again, in the six languages the checks read: a verb of
// paying back or sending with "again" right by it. Asking where a refund is, or writing again, is not.
import { describe, expect, it } from 'vitest';
import { asksToPayAgain, sentencesOf } from '#harness/policy/grounding/index.js';

const asks = (text: string) => asksToPayAgain(sentencesOf(text));

describe('asking for a refund to be paid again', () => {
  it('reads "again" after or before a verb of paying back or sending, in six languages', () => {
    expect(asks('It never arrived in my account. Please send it again.')).toBe(true);
    expect(asks('Please refund them again, I have waited long enough.')).toBe(true);
    expect(asks('Nunca llegó el dinero, ¿pueden reembolsarlo de nuevo?')).toBe(true);
    expect(asks('¿Pueden volver a enviar el reembolso?')).toBe(true);
    expect(asks('Bitte überweisen Sie den Betrag noch einmal.')).toBe(true);
    expect(asks('Pourriez-vous me rembourser à nouveau ?')).toBe(true);
    expect(asks('Podem reembolsar novamente, por favor?')).toBe(true);
    expect(asks('Potete rimborsarmi di nuovo?')).toBe(true);
  });

  it('does not read a question about where the refund is, or a customer writing again, as asking to be paid again', () => {
    expect(asks('Where is my refund? I still do not see it on my card.')).toBe(false);
    expect(asks('Sorry to write again, but has my refund for order 1001 gone through?')).toBe(false);
    expect(asks('¿Dónde está mi reembolso? Escribo otra vez porque nadie me contesta.')).toBe(false);
    expect(asks('Wo bleibt meine Erstattung? Ich habe schon einmal gefragt.')).toBe(false);
    expect(asks('Où en est mon remboursement ?')).toBe(false);
  });
});
