// The reply's facts and the deterministic check that a draft states them exactly: the order
// number, the refunded amount (in the currency the customer paid), what the customer paid for each
// item and why when the gate's breakdown adds up to that amount (words/amount-words.ts), and no other
// currency or amount. One source, so a draft and its check agree.
import * as z from 'zod';
import { formatMoney } from '#shared/money.js';
import type { Run } from '#functions/shared/domain/run.js';
import { languageOf } from '#functions/shared/domain/shadow.js';
import { plainText, statedAmounts, withoutAmounts } from '#functions/shared/reply-formats.js';
import { gateAmountWords, type AmountWords } from '#functions/shared/words/amount-words.js';

export const ReplyAgentOutput = z.object({ body: z.string().min(1).max(5000) });
export const ReplyCheckOutput = z.object({ passed: z.boolean(), problems: z.array(z.string()) });

export type ReplyFacts = {
  language: string;
  orderNumber: string | null;
  outcome: 'refunded' | 'escalated';
  /** Refunded how: to the original payments, as store credit on the customer's account, or by cancelling the order (its payments refunded). */
  remedy: 'refund' | 'store_credit' | 'cancel';
  amountMinor: number | null;
  currency: string | null;
  /** The refunded amount as the reply must write it ("$18.00", "18,00 €"): the model never has to convert minor units. */
  amount: string | null;
  reason: string | null;
  /** What the refund covered, from the proposal and the order ("1 × Stoneware mug"); empty when escalated. */
  items: string[];
  /** Escalated: why a person takes over (internal wording; the reply says only that someone is looking). */
  escalationReason?: string;
  /**
   * What the customer paid for each refunded item and why, formatted as `amount` is; present only
   * when the gate's breakdown adds up to the refunded amount (never on older runs).
   */
  paid?: PaidItem[];
  /** The shipping refunded with the items, tax included ("$7.50"); null when none was. Present with `paid`. */
  shipping?: string | null;
  /** The duties refunded with the items; null when none were. Present with `paid`. */
  duties?: string | null;
};

/** One refunded item as the customer paid for it: "1 × Stoneware mug", paid "$16.33", price "$20.00", discount "25%", tax "$1.33". */
export type PaidItem = { item: string; paid: string; price: string; discount: string | null; tax: string | null; taxIncluded: boolean };

/** "2 × Stoneware mug" per proposed line item, titles from the order facts the harness read. */
function refundedItems(run: Run): string[] {
  if (!run.refund || !run.proposal) return [];
  return run.proposal.lineItems.map((li) => {
    const title = run.order?.lineItems.find((line) => line.id === li.lineItemId)?.title ?? 'item';
    return `${li.quantity} × ${title}`;
  });
}

/**
 * What the customer got back, as they read it: in the currency they paid (the receipt's presentment
 * money, on an order sold through Shopify Markets), else the receipt's own amount.
 */
export function customerAmount(receipt: NonNullable<Run['refund']>): { amountMinor: number; currency: string } {
  return receipt.presentment ?? { amountMinor: receipt.amountMinor, currency: receipt.currency };
}

/**
 * The breakdown a reply may state, in the customer's language and currency: the gate's, when the
 * refund was made in its currency and its parts add up to exactly what was refunded (no cap, no
 * store rounding), so the figures a customer reads always add up. Null otherwise.
 */
function paidBreakdown(run: Run): AmountWords | null {
  if (!run.refund) return null;
  const refunded = customerAmount(run.refund);
  const language = run.triage?.language ?? 'en';
  const words = gateAmountWords(run, { money: (minor, currency) => formatMoney(minor, currency, language), locale: language });
  const breakdown = run.gate?.breakdown;
  if (!words || !breakdown || breakdown.currency !== refunded.currency || breakdown.cappedAtMinor !== null) return null;
  const parts = breakdown.lines.reduce((n, l) => n + l.paidMinor, 0) + breakdown.shippingMinor + breakdown.dutiesMinor;
  return parts === refunded.amountMinor && breakdown.totalMinor === refunded.amountMinor ? words : null;
}

function paidFacts(run: Run): Pick<ReplyFacts, 'paid' | 'shipping' | 'duties'> {
  const words = paidBreakdown(run);
  if (!words) return {};
  return {
    paid: words.lines.map(({ item, paid, price, discount, tax, taxIncluded }) => ({ item, paid, price, discount, tax, taxIncluded })),
    shipping: words.shipping,
    duties: words.duties,
  };
}

/** What actually happened, from the run record (the receipt, never the proposal's amount). */
export function replyFacts(run: Run, outcome: ReplyFacts['outcome'], escalationReason?: string): ReplyFacts {
  const refunded = outcome === 'refunded' && run.refund ? customerAmount(run.refund) : null;
  return {
    language: run.triage?.language ?? 'en',
    orderNumber: run.refund?.orderNumber ?? run.order?.orderNumber ?? run.triage?.orderNumber ?? null,
    outcome,
    remedy: run.refund?.method === 'store_credit' ? 'store_credit' : run.refund?.cancelledAt ? 'cancel' : 'refund',
    amountMinor: refunded?.amountMinor ?? null,
    currency: refunded?.currency ?? null,
    amount: refunded ? formatMoney(refunded.amountMinor, refunded.currency, run.triage?.language ?? 'en') : null,
    reason: run.proposal?.reason ?? run.triage?.reason ?? null,
    items: outcome === 'refunded' ? refundedItems(run) : [],
    ...(escalationReason === undefined ? {} : { escalationReason }),
    ...(outcome === 'refunded' ? paidFacts(run) : {}),
  };
}

const SYMBOLS: Readonly<Record<string, string>> = { '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', '₩': 'KRW', '₽': 'RUB', '₺': 'TRY', '₪': 'ILS' };
const ISO_CODES = new Set(Intl.supportedValuesOf('currency'));

/** Currencies a text names: ISO codes, unambiguous symbols, and '$' (any dollar) as its own mark. */
export function currenciesIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const [, code] of text.matchAll(/(?<![A-Za-z])([A-Z]{3})(?![A-Za-z])/g)) if (code && ISO_CODES.has(code)) found.add(code);
  for (const [symbol, code] of Object.entries(SYMBOLS)) if (text.includes(symbol)) found.add(code);
  if (text.includes('$')) found.add('$');
  return found;
}

/**
 * Money-looking tokens: a currency mark next to a number, either side. The number's inner run is
 * bounded (no amount is 40 characters long): unbounded, a long run of digits with no currency mark
 * is rescanned from every digit, which is quadratic in the draft's length.
 */
const MONEY =
  /(?:[$€£¥₹₩₽₺₪]|(?<![A-Za-z])[A-Z]{3}(?![A-Za-z]))\s?\d[\d.,' ]{0,40}\d|\d(?:[\d.,' ]{0,40}\d)?\s?(?:[$€£¥₹₩₽₺₪]|(?<![A-Za-z])[A-Z]{3}(?![A-Za-z]))/gu;

/** The languages the draft may write amounts in: its own (as drafted, else as triaged) first, then English. */
function draftLanguages(run: Run): string[] {
  const languages = [run.draft?.language, run.triage?.language].map(languageOf).filter((l) => l !== 'und');
  return [...new Set([...languages, 'en'])];
}

/**
 * Deterministic check: a refund reply names the order, the exact refunded amount in its currency, and
 * no other amount than that one and the breakdown's figures its facts carry (what each item cost, its
 * discount and tax, the shipping and duties refunded), each as a locale of the draft's language writes it.
 */
export function checkDraftAgainstReceipt(draft: string, run: Run): string[] {
  const body = plainText(draft);
  const problems: string[] = [];
  if (!run.refund) return ['there is no refund receipt to check the draft against'];
  if (!new RegExp(`(^|\\D)${run.refund.orderNumber}(\\D|$)`).test(body)) problems.push(`draft does not name order ${run.refund.orderNumber}`);
  // The customer reads the amount in the currency they paid.
  const receipt = customerAmount(run.refund);
  const amount = plainText(formatMoney(receipt.amountMinor, receipt.currency, run.triage?.language ?? 'en'));
  // Any way a locale of the draft's language (or English) writes the amount, never inside a longer number.
  const stated = statedAmounts(body, receipt.amountMinor, receipt.currency, draftLanguages(run));
  if (stated.length === 0) problems.push(`draft does not state the refunded amount ${amount}`);
  // The breakdown's figures the reply was given, in the same currency: stated or not, never required.
  const figures = paidBreakdown(run)?.figures ?? [];
  const parts = figures.flatMap((minor) => statedAmounts(body, minor, receipt.currency, draftLanguages(run)));
  // What writing the receipt's amount takes ("$", "US$", "€", "USD") is its currency; anything else is not.
  const allowed = new Set([receipt.currency, ...currenciesIn(amount), ...[...stated, ...parts].flatMap((s) => [...currenciesIn(s.text)])]);
  const others = [...currenciesIn(body)].filter((c) => !allowed.has(c));
  if (others.length > 0) problems.push(`draft names currency ${others.join(', ')}, the refund was in ${receipt.currency}`);
  const extra = (withoutAmounts(body, [...stated, ...parts]).match(MONEY) ?? [])
    .map((m) => m.trim())
    .filter((m) => [...m.matchAll(/[A-Z]{3}/g)].every(([code]) => ISO_CODES.has(code))); // "SKU 1234" is not money
  if (extra.length > 0) problems.push(`draft states an amount that did not happen: ${extra.join(', ')}`);
  return problems;
}
