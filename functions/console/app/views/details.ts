// The engineer's details: the raw values behind a run page's sentences (step names, rule ids, enum
// values, the policy version, ids, hashes, keys, the journal's calls and decisions), kept in one
// closed disclosure so a lead reads words and an engineer still finds every value. Pure.
import { escaped } from './layout.js';

export const DETAILS_SUMMARY = 'Engineer’s details: calls, rules and ids';

/** Raw values as a definition list of code; pairs with an empty value are left out. */
export function rawPairs(pairs: Array<[string, string | null | undefined]>): string {
  const shown = pairs.filter((p): p is [string, string] => !!p[1]);
  return shown.length ? `<dl class="facts">${shown.map(([k, v]) => `<dt>${escaped(k)}</dt><dd><code>${escaped(v)}</code></dd>`).join('')}</dl>` : '';
}

/** The parts inside one closed disclosure; '' when every part is empty. */
export function engineerDetails(parts: string[], summary = DETAILS_SUMMARY): string {
  const body = parts.filter(Boolean).join('');
  return body ? `<details class="engineer"><summary>${escaped(summary)}</summary>${body}</details>` : '';
}
