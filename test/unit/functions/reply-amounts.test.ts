// The deterministic reply check (checkDraftAgainstReceipt) reads the refunded amount as any locale
// of the draft's language, or English, writes it (formats generated from Intl), and still refuses a
// wrong amount, a wrong currency and an amount that is only part of a longer number.
import { describe, expect, it } from 'vitest';
import { checkDraftAgainstReceipt } from '#functions/shared/reply.js';
import type { Run } from '#functions/shared/domain/run.js';
import { minorDigits } from '#shared/money.js';
import { makeTriage, proposedRun, receiptFor } from '../../support/steps.js';

/** A run that refunded `amountMinor` of `currency` on order #1001, triaged and drafted in `language`. */
function refunded(amountMinor: number, currency: string, language: string): Run {
  const run = proposedRun({ triage: makeTriage({ language }) });
  return { ...run, refund: receiptFor(run, { amountMinor, currency }), draft: { body: '', language, check: null, noteId: null } };
}

/** A draft naming order #1001 and stating `amount` as written. */
const draft = (amount: string) => `Hello,\n\nfor order #1001 we have refunded ${amount} to your original payment method.\n\nCustomer support`;

type Case = readonly [label: string, language: string, amountMinor: number, currency: string, written: string];

const ACCEPTED: readonly Case[] = [
  ['Portuguese (pt-BR) "US$ 39,00"', 'pt', 3900, 'USD', 'US$ 39,00'],
  ['Portuguese (pt-PT) "39,00 US$"', 'pt', 3900, 'USD', '39,00 US$'],
  ['Portuguese "R$ 39,00" for BRL', 'pt', 3900, 'BRL', 'R$ 39,00'],
  ['German "39,00 €"', 'de', 3900, 'EUR', '39,00 €'],
  ['German "39,00 €" with a no-break space', 'de', 3900, 'EUR', '39,00\u00a0€'],
  ['German "1.234,50 €" with its thousands point', 'de', 123450, 'EUR', '1.234,50 €'],
  ['Swiss German "CHF 1’234.50"', 'de', 123450, 'CHF', 'CHF 1’234.50'],
  ['French "39,00 €" with a narrow no-break space', 'fr', 3900, 'EUR', '39,00\u202f€'],
  ['French "1 234,50 €" grouped with narrow no-break spaces', 'fr', 123450, 'EUR', '1\u202f234,50\u202f€'],
  ['Spanish "39,00 €"', 'es', 3900, 'EUR', '39,00 €'],
  ['Spanish "39,00 US$"', 'es', 3900, 'USD', '39,00 US$'],
  ['Spanish (Mexico) "USD 39.00"', 'es', 3900, 'USD', 'USD 39.00'],
  ['Spanish by currency name "39,00 dólares estadounidenses"', 'es', 3900, 'USD', '39,00 dólares estadounidenses'],
  ['Italian "39,00 €"', 'it', 3900, 'EUR', '39,00 €'],
  ['Dutch "€ 39,00"', 'nl', 3900, 'EUR', '€ 39,00'],
  ['Polish "39,00 zł" for PLN', 'pl', 3900, 'PLN', '39,00 zł'],
  ['Swedish "39,00 kr" for SEK', 'sv', 3900, 'SEK', '39,00 kr'],
  ['Japanese "¥3,900" for 3900 JPY (no minor unit)', 'ja', 3900, 'JPY', '¥3,900'],
  ['Japanese "3,900円" for 3900 JPY', 'ja', 3900, 'JPY', '3,900円'],
  ['Japanese full-width "￥3,900"', 'ja', 3900, 'JPY', '￥3,900'],
  ['Hungarian "3 900 Ft", in the minor units formatMoney uses for HUF', 'hu', 3900 * 10 ** minorDigits('HUF'), 'HUF', '3 900 Ft'],
  ['Hungarian "1 500 Ft" for 150000 HUF minor units (ISO 4217: two decimals, as Shopify\'s "1500.00")', 'hu', 150000, 'HUF', '1 500 Ft'],
  ['English "HUF 1,500" for 150000 HUF minor units, as formatMoney prints it', 'en', 150000, 'HUF', 'HUF 1,500'],
  ['Hungarian "1 500,50 Ft" for 150050 HUF minor units (a fraction is never dropped)', 'hu', 150050, 'HUF', '1 500,50 Ft'],
  ['English "HUF 1,500.50" for 150050 HUF minor units', 'en', 150050, 'HUF', 'HUF 1,500.50'],
  ['English "USD 39.00"', 'en', 3900, 'USD', 'USD 39.00'],
  ['English "$39" for a whole 3900 USD', 'en', 3900, 'USD', '$39'],
  ['English "$18.00"', 'en', 1800, 'USD', '$18.00'],
  ['English "$1,200" for 1200.00 USD (an English reader reads 1,200 as twelve hundred)', 'en', 120000, 'USD', '$1,200'],
  ['English "KWD 1.234" for 1.234 KWD (three decimals)', 'en', 1234, 'KWD', 'KWD 1.234'],
  ['English in a Portuguese draft: "USD 39.00" (the fallback)', 'pt', 3900, 'USD', 'USD 39.00'],
  ['a language given as a full tag ("pt-BR")', 'pt-BR', 3900, 'USD', 'US$ 39,00'],
];

/** Each written amount, and the problem the check must report for it. */
const REFUSED: ReadonlyArray<readonly [...Case, problem: string]> = [
  ['390,00 € for 39.00 EUR (ten times the refund)', 'de', 3900, 'EUR', '390,00 €', 'does not state the refunded amount'],
  ['39,50 € for 39.00 EUR', 'de', 3900, 'EUR', '39,50 €', 'does not state the refunded amount'],
  ['"$39.50" for 39.00 USD ("$39" is only its start)', 'en', 3900, 'USD', '$39.50', 'does not state the refunded amount'],
  ['"US$ 39,00" for a 39.00 EUR refund', 'pt', 3900, 'EUR', 'US$ 39,00', 'draft names currency $'],
  ['"39,00 €" for a 39.00 USD refund', 'de', 3900, 'USD', '39,00 €', 'draft names currency EUR'],
  ['"39,00 zł" for a 39.00 EUR refund', 'pl', 3900, 'EUR', '39,00 zł', 'does not state the refunded amount'],
  ['"CA$39.00" for a 39.00 USD refund', 'en', 3900, 'USD', 'CA$39.00', 'does not state the refunded amount'],
  ['"1.039,00 €" for 39.00 EUR (inside a longer number)', 'de', 3900, 'EUR', '1.039,00 €', 'does not state the refunded amount'],
  ['"1 234,50 €" for 234.50 EUR (inside a space-grouped number)', 'fr', 23450, 'EUR', '1 234,50 €', 'does not state the refunded amount'],
  ['"$390" for a whole 39.00 USD', 'en', 3900, 'USD', '$390', 'does not state the refunded amount'],
  ['"US$ 139,00" for 39.00 USD', 'pt', 3900, 'USD', 'US$ 139,00', 'does not state the refunded amount'],
  ['"¥39,000" for 3900 JPY', 'ja', 3900, 'JPY', '¥39,000', 'does not state the refunded amount'],
  ['"$1,200" in a German draft for 1200.00 USD (a German reader reads 1,20)', 'de', 120000, 'USD', '$1,200', 'does not state the refunded amount'],
  ['"KWD 1,234" for 1.234 KWD in English (reads as 1234)', 'en', 1234, 'KWD', 'KWD 1,234', 'does not state the refunded amount'],
  ['"HUF 150,000" for 150000 HUF minor units (read as forints)', 'en', 150000, 'HUF', 'HUF 150,000', 'does not state the refunded amount'],
  ['"150 000 Ft" for 150000 HUF minor units', 'hu', 150000, 'HUF', '150 000 Ft', 'does not state the refunded amount'],
  ['"1 500 Ft" for 150050 HUF minor units (the fraction left out)', 'hu', 150050, 'HUF', '1 500 Ft', 'does not state the refunded amount'],
  ['the amount without a currency, "39,00"', 'de', 3900, 'EUR', '39,00', 'does not state the refunded amount'],
];

describe('the deterministic reply check reads the refunded amount as the draft’s language writes it', () => {
  it.each(ACCEPTED)('accepts %s', (_label, language, amountMinor, currency, written) => {
    expect(checkDraftAgainstReceipt(draft(written), refunded(amountMinor, currency, language))).toEqual([]);
  });

  it.each(REFUSED)('refuses %s', (_label, language, amountMinor, currency, written, problem) => {
    const problems = checkDraftAgainstReceipt(draft(written), refunded(amountMinor, currency, language));

    expect(problems.join('; ')).toContain(problem);
  });

  it('refuses a right amount stated beside another that did not happen', () => {
    const problems = checkDraftAgainstReceipt(draft('US$ 39,00 e um vale de US$ 10,00'), refunded(3900, 'USD', 'pt'));

    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^draft states an amount that did not happen: .*10,00$/);
  });

  it('accepts the amount stated twice, in two of its formats', () => {
    expect(checkDraftAgainstReceipt(draft('39,00 € (EUR 39.00)'), refunded(3900, 'EUR', 'de'))).toEqual([]);
  });

  it('names the refunded amount as formatMoney writes it in the draft’s language when the draft leaves it out', () => {
    expect(checkDraftAgainstReceipt(draft('the full amount'), refunded(3900, 'USD', 'pt'))).toEqual(['draft does not state the refunded amount 39,00 US$']);
  });
});
