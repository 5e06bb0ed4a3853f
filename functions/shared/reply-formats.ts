// Where a drafted reply states the refunded amount. The ways to write it come from Intl, for every
// locale of the draft's language and of English (the fallback): each currency display Intl prints
// (symbol, narrow symbol, code, name), and the number alone with the code or a symbol before or after
// it, grouped as the locale groups, fully or not at all, and without a whole amount's zero decimals
// ("$39"). A hand list of formats knew a few languages and refused a correct pt-BR "US$ 39,00".
import { minorDigits } from '#shared/money.js';

/** Intl and writers space amounts differently (no-break, narrow, thin, figure) and add invisible bidi marks: compare without them. */
export function plainText(text: string): string {
  return text
    .replace(/[\u200e\u200f\u061c]/g, '')
    .replace(/[\u00a0\u2007\u2009\u202f]/g, ' ')
    .replace(/\u2019/g, "'");
}

/** An amount the text states, at [start, end) of its plainText. */
export type StatedAmount = { start: number; end: number; text: string };

/** The number of a spelling; `decimal` is the separator it uses before the decimals, null when it shows none. */
type Core = { text: string; decimal: string | null };
/** One way to write the amount: the number as a locale prints it, and the currency marks around it. */
type Spelling = { prefix: string; core: Core; suffix: string };

const DISPLAYS = ['symbol', 'narrowSymbol', 'code', 'name'] as const;
/** The displays whose mark may also stand alone before or after a plain number ("USD 39.00", "39,00 US$"). */
const MARK_DISPLAYS: ReadonlySet<string> = new Set(['symbol', 'narrowSymbol', 'code']);
const GROUPINGS = ['auto', 'always'] as const;

function once<V>(build: () => V): () => V {
  let value: V | undefined;
  return () => (value ??= build());
}

function memo<V>(build: (key: string) => V): (key: string) => V {
  const cache = new Map<string, V>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = build(key)));
    return value;
  };
}

/** Every region Intl can name: ISO 3166 letters and UN M.49 numbers ("419", Latin America). */
const regions = once(() => {
  const names = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
  const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
  const codes = [...letters.flatMap((a) => letters.map((b) => a + b)), ...Array.from({ length: 999 }, (_, i) => String(i + 1).padStart(3, '0'))];
  return codes.filter((code) => names.of(code) !== undefined);
});

/** The locales of a language that Intl has data for: a tag it resolves to itself ("pt-BR", not "pt-US", which reads as "pt"). */
const localesOf = memo((language) =>
  [language, ...regions().map((region) => `${language}-${region}`)].filter((tag) => {
    try {
      return new Intl.NumberFormat(tag).resolvedOptions().locale === tag;
    } catch {
      return false;
    }
  }),
);

/** A locale's formats of one currency: each display, and the plain number as the locale groups it and fully grouped. */
type LocaleFormats = { printed: ReadonlyArray<{ display: (typeof DISPLAYS)[number]; format: Intl.NumberFormat }>; numbers: readonly Intl.NumberFormat[] };

/** The formats of every locale of a language (key: "pt|USD|2"), built once: an Intl.NumberFormat is slow to make, quick to use. */
const formatsFor = memo((key): LocaleFormats[] => {
  const [language = 'en', currency = '', digits = '2'] = key.split('|');
  const fraction = { minimumFractionDigits: Number(digits), maximumFractionDigits: Number(digits) };
  return localesOf(language).map((locale) => ({
    printed: DISPLAYS.map((display) => ({
      display,
      format: new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: display, ...fraction }),
    })),
    numbers: GROUPINGS.map((useGrouping) => new Intl.NumberFormat(locale, { ...fraction, useGrouping })),
  }));
});

/** The separator a language reads as a decimal point (its default locale's), for digits that read two ways. */
const decimalSeparatorOf = memo((language) => {
  try {
    return new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  } catch {
    return '.';
  }
});

/** A formatted amount cut into the marks before the number, the number's parts, and the marks after. */
function split(parts: Intl.NumberFormatPart[]): { prefix: string; number: Intl.NumberFormatPart[]; suffix: string; mark: string } {
  const first = parts.findIndex((p) => p.type === 'integer');
  const last = parts.findLastIndex((p) => p.type === 'integer' || p.type === 'fraction');
  const text = (some: Intl.NumberFormatPart[]) => plainText(some.map((p) => p.value).join(''));
  return {
    prefix: text(parts.slice(0, first)),
    number: parts.slice(first, last + 1),
    suffix: text(parts.slice(last + 1)),
    mark: text(parts.filter((p) => p.type === 'currency')).trim(),
  };
}

/** The number as printed, without its group separators, and (a whole amount) without its zero decimals. */
function coresOf(number: Intl.NumberFormatPart[], whole: boolean): Core[] {
  const decimal = number.find((p) => p.type === 'decimal')?.value ?? null;
  const core = (keep: (p: Intl.NumberFormatPart) => boolean, withDecimals: boolean): Core => ({
    text: plainText(
      number
        .filter(keep)
        .map((p) => p.value)
        .join(''),
    ),
    decimal: withDecimals ? decimal : null,
  });
  const integer = (p: Intl.NumberFormatPart) => p.type !== 'decimal' && p.type !== 'fraction';
  return [
    core(() => true, true),
    core((p) => p.type !== 'group', true),
    ...(whole && decimal !== null ? [core(integer, false), core((p) => integer(p) && p.type !== 'group', false)] : []),
  ];
}

/**
 * Digits such as "1.200" or "1,234" read as two amounts, one per convention. Kept only when the
 * draft's language reads them as this amount, or when the other reading is no amount of the
 * currency (3,900 JPY is never 3.9 JPY).
 */
function readsRight(core: Core, digits: number, readerDecimal: string): boolean {
  const twoWays = /^\d{1,3}([.,])(\d{3})$/.exec(core.text);
  if (!twoWays) return true;
  const [, separator, after = ''] = twoWays;
  if (core.decimal === null && after.replace(/0+$/, '').length > digits) return true;
  return (core.decimal === separator) === (readerDecimal === separator);
}

type Printed = { display: (typeof DISPLAYS)[number]; parts: Intl.NumberFormatPart[] };

/** The spellings one locale's formats give: each printed display, and each mark alone before or after each number. */
function spellingsOf(
  printed: readonly Printed[],
  numbers: readonly Intl.NumberFormatPart[][],
  currency: string,
  digits: number,
  whole: boolean,
  readerDecimal: string,
): Spelling[] {
  const displays = printed.map((p) => ({ display: p.display, ...split(p.parts) }));
  const everyNumber = [...displays.map((p) => p.number), ...numbers.map((parts) => split(parts).number)];
  const cores = [...new Map(everyNumber.flatMap((n) => coresOf(n, whole)).map((c) => [c.text, c])).values()].filter((c) =>
    readsRight(c, digits, readerDecimal),
  );
  const marks = new Set([currency, ...displays.filter((p) => MARK_DISPLAYS.has(p.display)).map((p) => p.mark)]);
  return cores.flatMap((core) => [
    ...displays.map(({ prefix, suffix }) => ({ prefix, core, suffix })),
    ...[...marks].flatMap((mark) =>
      ['', ' '].flatMap((space) => [
        { prefix: mark + space, core, suffix: '' },
        { prefix: '', core, suffix: space + mark },
      ]),
    ),
  ]);
}

type SpellingIndex = { byCore: Map<string, Spelling[]>; coreLengths: number[] };

/** Every spelling of the amount, by its number, in the locales of `languages` and of English; the first language reads two-way digits. */
function spellingIndex(amountMinor: number, currency: string, languages: readonly string[]): SpellingIndex {
  const digits = minorDigits(currency);
  const major = amountMinor / 10 ** digits;
  const whole = amountMinor % 10 ** digits === 0;
  const readerDecimal = decimalSeparatorOf(languages[0] ?? 'en');
  const byCore = new Map<string, Spelling[]>();
  const printedAlike = new Set<string>();
  const seen = new Set<string>();
  const formats = [...new Set([...languages, 'en'])].flatMap((language) => formatsFor(`${language}|${currency}|${digits}`));
  for (const { printed, numbers } of formats) {
    const formatted = {
      printed: printed.map(({ display, format }) => ({ display, parts: format.formatToParts(major) })),
      numbers: numbers.map((f) => f.formatToParts(major)),
    };
    // Most locales of a language print an amount alike (en-GB, en-IE, en-NZ…): their spellings are made once.
    const signature = JSON.stringify(formatted);
    if (printedAlike.has(signature)) continue;
    printedAlike.add(signature);
    for (const spelling of spellingsOf(formatted.printed, formatted.numbers, currency, digits, whole, readerDecimal)) {
      const key = `${spelling.prefix}\u0000${spelling.core.text}\u0000${spelling.suffix}`;
      if (seen.has(key) || (spelling.prefix.trim() === '' && spelling.suffix.trim() === '')) continue;
      seen.add(key);
      const same = byCore.get(spelling.core.text);
      if (same) same.push(spelling);
      else byCore.set(spelling.core.text, [spelling]);
    }
  }
  return { byCore, coreLengths: [...new Set([...byCore.keys()].map((core) => core.length))] };
}

const DIGIT = /^\p{Nd}$/u;
const SEPARATOR = /^[.,'\u066b\u066c]$/;
/** Letters of scripts that space their words: one touching a currency mark makes it another word ("CA$39" is not "$39"). */
const WORD_LETTER = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]$/u;

const isDigit = (c: string | undefined) => c !== undefined && DIGIT.test(c);
const isSeparator = (c: string | undefined) => c !== undefined && SEPARATOR.test(c);
const isWordLetter = (c: string | undefined) => c !== undefined && WORD_LETTER.test(c);

/** Length of the digit run ending just before `end` (counted up to 4: enough to tell a digit group from more). */
function digitsBefore(text: string, end: number): number {
  let n = 0;
  while (n < 4 && isDigit(text[end - 1 - n])) n++;
  return n;
}

function digitsFrom(text: string, start: number): number {
  let n = 0;
  while (n < 4 && isDigit(text[start + n])) n++;
  return n;
}

/** A digit run that starts here continues a number before it ("1.039,00", "1 234,50"), so no amount starts here. */
function continuesNumber(text: string, start: number, runLength: number): boolean {
  const before = text[start - 1];
  if (!isDigit(text[start - 2])) return false;
  if (isSeparator(before)) return true;
  const group = digitsBefore(text, start - 1);
  return before === ' ' && runLength === 3 && group >= 1 && group <= 3;
}

/** A number that ends here goes on ("$39" in "$390", "$39.50", "39 100"), so no amount ends here. */
function numberGoesOn(text: string, end: number, core: Core): boolean {
  const after = text[end];
  if (isDigit(after)) return true;
  if (!isDigit(text[end + 1])) return false;
  if (isSeparator(after)) return true;
  return after === ' ' && core.decimal === null && digitsFrom(text, end + 1) === 3;
}

function stated(text: string, start: number, spelling: Spelling): StatedAmount | null {
  const from = start - spelling.prefix.length;
  const coreEnd = start + spelling.core.text.length;
  const to = coreEnd + spelling.suffix.length;
  if (from < 0 || !text.startsWith(spelling.prefix, from) || !text.startsWith(spelling.suffix, coreEnd)) return null;
  if (numberGoesOn(text, coreEnd, spelling.core)) return null;
  if (isWordLetter(text[from - 1]) || isWordLetter(text[to])) return null;
  return { start: from, end: to, text: text.slice(from, to) };
}

/**
 * Where `text` (already plainText) states `amountMinor` of `currency` in a way a locale of the
 * draft's `languages` (the draft's own first) or of English writes it, with a currency mark; never
 * as part of a longer number. The currency's decimals are the one ISO 4217 table's (shared/money.ts),
 * as formatMoney's are; a whole amount may leave them out ("HUF 1,500" for 1500.00 HUF).
 */
export function statedAmounts(text: string, amountMinor: number, currency: string, languages: readonly string[]): StatedAmount[] {
  const { byCore, coreLengths } = spellingIndex(amountMinor, currency, languages);
  const found: StatedAmount[] = [];
  for (const run of text.matchAll(/\p{Nd}+/gu)) {
    const start = run.index;
    if (continuesNumber(text, start, run[0].length)) continue;
    let best: StatedAmount | null = null;
    for (const length of coreLengths) {
      for (const spelling of byCore.get(text.slice(start, start + length)) ?? []) {
        const hit = stated(text, start, spelling);
        if (hit && (!best || hit.end - hit.start > best.end - best.start)) best = hit;
      }
    }
    if (best) found.push(best);
  }
  return found;
}

/** `text` with the stated amounts blanked out, to look for any other amount in what is left. */
export function withoutAmounts(text: string, amounts: readonly StatedAmount[]): string {
  let rest = '';
  let at = 0;
  for (const { start, end } of [...amounts].sort((a, b) => a.start - b.start)) {
    if (start > at) rest += `${text.slice(at, start)} `;
    at = Math.max(at, end);
  }
  return rest + text.slice(at);
}
