// How the policy's reasons print money and days: the gate's reasons are read by people (the approvals
// queue, the escalation, the journal), so an amount reads "$62.00", never 6200, and a day reads
// "11 Nov 2026" in the store's time zone, never an ISO timestamp. Rule ids stay the codes; these are words.
import { formatMoney } from '#shared/money.js';

/** "$62.00" / "€62.00": English words; a page in the store's locale words the rule again (shared/approvals/rule-reasons.ts). */
export const moneyWords = (amountMinor: number, currency: string): string => formatMoney(amountMinor, currency);

/** "11 Nov 2026", the calendar day in the store's zone (UTC when none is given or it is not one). */
export function dayWords(iso: string, timeZone = 'UTC'): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', year: 'numeric' }).format(at);
  } catch {
    return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(at);
  }
}
