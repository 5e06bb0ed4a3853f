// Amounts of money written in a text ("$18.00", "18,00 €", "USD 62", "62.00 eur"): a run of digits
// with its separators, and a currency sign or code right before or after it. One forward pass over
// the text, no backtracking (the reply check reads drafts that may quote 256 KiB of customer text).

const SIGNS = new Set(['$', '€', '£', '¥']);
const CODES = new Set(['usd', 'eur', 'gbp', 'cad', 'aud', 'chf', 'jpy']);
const isDigit = (ch: string | undefined) => ch !== undefined && ch >= '0' && ch <= '9';
const isWord = (ch: string | undefined) => ch !== undefined && /[A-Za-z0-9_]/.test(ch);
const inNumber = (ch: string | undefined) => isDigit(ch) || ch === '.' || ch === ',' || ch === "'" || ch === ' ';
const isSpace = (ch: string | undefined) => ch !== undefined && /\s/u.test(ch);

/** Length of a currency sign or code ending right before `end` (0 when none). */
function currencyBefore(text: string, end: number): number {
  if (SIGNS.has(text[end - 1] ?? '')) return 1;
  const code = text.slice(Math.max(0, end - 3), end).toLowerCase();
  return end >= 3 && CODES.has(code) && !isWord(text[end - 4]) ? 3 : 0;
}

/** Length of a currency sign or code starting at `start` (0 when none). */
function currencyAt(text: string, start: number): number {
  if (SIGNS.has(text[start] ?? '')) return 1;
  const code = text.slice(start, start + 3).toLowerCase();
  return CODES.has(code) && !isWord(text[start - 1]) && !isWord(text[start + 3]) ? 3 : 0;
}

export function amountsIn(text: string): string[] {
  const found: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (!isDigit(text[i])) {
      i++;
      continue;
    }
    let run = i;
    while (run < text.length && inNumber(text[run])) run++;
    let last = run;
    while (!isDigit(text[last - 1])) last--;
    // A sign or code right before the first digit (one space allowed), or right after the run.
    const gapBefore = isSpace(text[i - 1]) ? 1 : 0;
    const before = currencyBefore(text, i - gapBefore);
    const gapAfter = isSpace(text[run]) ? 1 : 0;
    const after = before > 0 ? 0 : currencyAt(text, run + gapAfter);
    if (before > 0) found.push(text.slice(i - gapBefore - before, last));
    else if (after > 0) found.push(text.slice(i, run + gapAfter + after));
    i = run;
  }
  return found;
}
