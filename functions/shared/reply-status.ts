// The reply to a question about an earlier refund (the gate's decision 'answer'): its facts, from
// the store's record the gate kept (which refund, the day, the amount, the items, where it went: a
// card's brand and last four digits, store credit, or the original payment) and the tenant's words
// for how long banks take; and the deterministic check that a draft names nothing else: no amount
// but the refunds', no number but the order's, the days', the card's and the bank wording's, no
// card brand the record does not hold.
import { formatMoney } from '#shared/money.js';
import type { Run } from '#functions/shared/domain/run.js';
import { currenciesIn, moneyTokensIn } from '#functions/shared/reply-currencies.js';
import { plainText, statedAmounts, withoutAmounts } from '#functions/shared/reply-formats.js';

/** The tenant's words when it set none: how long a refund takes to show, said once in the store's language. */
export const DEFAULT_BANK_TIMES = 'Banks and card issuers usually take 5 to 10 business days to show a refund on a statement.';

/** Where a refund went, as the reply may say it. */
export type PaidTo = { method: 'card'; brand: string | null; last4: string | null } | { method: 'store_credit' } | { method: 'original_payment' };

/** One refund the answer tells, formatted as the customer reads it. */
export type StatusRefund = { date: string; amount: string; items: string[]; paidTo: PaidTo[]; pending: boolean };

export type StatusFacts = { refunds: StatusRefund[]; bankTimes: string };

/** Card brands a draft might name: naming one the record does not hold is a problem. */
const BRANDS = [
  'visa',
  'mastercard',
  'master card',
  'american express',
  'amex',
  'discover',
  'maestro',
  'jcb',
  'diners',
  'unionpay',
  'paypal',
  'apple pay',
  'google pay',
  'shop pay',
  'klarna',
];

type Answered = NonNullable<NonNullable<Run['gate']>['statusAnswer']>['refunds'][number];

const answeredOf = (run: Run): Answered[] => run.gate?.statusAnswer?.refunds ?? [];

/** "30 November 2026" in the customer's language, from the store's calendar day. */
export function dayInWords(day: string, language: string): string {
  const at = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  try {
    return new Intl.DateTimeFormat(language, { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(at);
  } catch {
    return new Intl.DateTimeFormat('en', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(at);
  }
}

function paidTo(refund: Answered): PaidTo[] {
  const payments = refund.payments ?? [];
  if (payments.length === 0) return [{ method: 'original_payment' }];
  return payments.map((p) =>
    p.method === 'store_credit'
      ? { method: 'store_credit' }
      : p.method === 'card'
        ? { method: 'card', brand: p.cardBrand, last4: p.cardLast4 }
        : { method: 'original_payment' },
  );
}

/** The answer's facts: each refund told, and the tenant's bank-time words. */
export function statusFacts(run: Run, language: string, bankTimes = DEFAULT_BANK_TIMES): StatusFacts {
  const currency = run.gate?.currency ?? run.order?.currency ?? 'USD';
  const title = (id: string) => run.order?.lineItems.find((l) => l.id === id)?.title ?? 'item';
  return {
    refunds: answeredOf(run).map((r) => ({
      date: dayInWords(r.day, language),
      amount: formatMoney(r.amountMinor, currency, language),
      items: r.lineItems.map((l) => `${l.quantity} × ${title(l.lineItemId)}`),
      paidTo: paidTo(r),
      pending: (r.payments ?? []).some((p) => p.status.toUpperCase() === 'PENDING'),
    })),
    bankTimes,
  };
}

/**
 * Every number a status draft may write: the order's, the days' (day, month, year), the items' (their
 * counts and the numbers in their titles), the cards' last four, the bank words'.
 */
function allowedNumbers(run: Run, bankTimes: string): Set<number> {
  const allowed = new Set<number>();
  const add = (digits: string) => allowed.add(Number(digits));
  const orderNumber = run.order?.orderNumber;
  if (orderNumber) add(orderNumber);
  for (const r of answeredOf(run)) {
    const [year, month, day] = r.day.split('-');
    [year, month, day].filter((d): d is string => !!d).forEach(add);
    if (year) add(year.slice(2));
    for (const p of r.payments ?? []) if (p.cardLast4) add(p.cardLast4);
    for (const line of r.lineItems) {
      add(String(line.quantity));
      const title = run.order?.lineItems.find((l) => l.id === line.lineItemId)?.title ?? '';
      for (const m of title.matchAll(/\d+/g)) add(m[0]);
    }
  }
  for (const m of bankTimes.matchAll(/\d+/g)) add(m[0]);
  return allowed;
}

/** The problems of a status answer's draft; empty when it states only what the record holds. */
export function checkStatusDraft(draft: string, run: Run, languages: readonly string[], bankTimes = DEFAULT_BANK_TIMES): string[] {
  const answered = answeredOf(run);
  if (answered.length === 0) return ['there is no refund on record to check the draft against'];
  const currency = run.gate?.currency ?? run.order?.currency ?? 'USD';
  const body = plainText(draft);
  const problems: string[] = [];
  const orderNumber = run.order?.orderNumber ?? null;
  if (orderNumber && !new RegExp(`(^|\\D)${orderNumber}(\\D|$)`).test(body)) problems.push(`draft does not name order ${orderNumber}`);
  const total = answered.reduce((n, r) => n + r.amountMinor, 0);
  const figures = [...new Set([...answered.map((r) => r.amountMinor), total])];
  const stated = figures.flatMap((minor) => statedAmounts(body, minor, currency, languages));
  if (!answered.some((r) => statedAmounts(body, r.amountMinor, currency, languages).length > 0)) problems.push('draft states no refund amount from the record');
  const rest = withoutAmounts(body, stated);
  const allowedCurrencies = new Set([currency, ...stated.flatMap((s) => [...currenciesIn(s.text)])]);
  const others = [...currenciesIn(rest)].filter((c) => !allowedCurrencies.has(c));
  if (others.length > 0) problems.push(`draft names currency ${others.join(', ')}, but the refunds were in ${currency}`);
  const extra = moneyTokensIn(rest);
  if (extra.length > 0) problems.push(`draft states an amount no refund on record has: ${extra.join(', ')}`);
  const allowed = allowedNumbers(run, bankTimes);
  const numbers = [...rest.matchAll(/\d+/g)].map((m) => m[0]).filter((d) => !allowed.has(Number(d)));
  if (numbers.length > 0) problems.push(`draft states a figure the record does not hold: ${[...new Set(numbers)].join(', ')}`);
  const held = new Set(answered.flatMap((r) => (r.payments ?? []).map((p) => p.cardBrand?.toLowerCase() ?? '')));
  const lower = rest.toLowerCase();
  const named = BRANDS.filter((b) => new RegExp(`\\b${b}\\b`).test(lower) && ![...held].some((h) => h.includes(b) || b.includes(h || '\u0000')));
  if (named.length > 0) problems.push(`draft names a payment the record does not hold: ${named.join(', ')}`);
  return problems;
}
