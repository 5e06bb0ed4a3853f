// The reply's facts and the deterministic check that a draft states them exactly: the order
// number, the refunded amount (in the currency the customer paid), what the customer paid for each
// item and why when the gate's breakdown adds up to that amount (words/amount-words.ts), and no other
// currency or amount. A return has three moments of its own (reply-return.ts): opened (the refund
// promised for when the parcel arrives, never said to be made), refunded on receipt, and closed with
// nothing refunded. One source, so a draft and its check agree.
import * as z from 'zod';
import { formatMoney } from '#shared/money.js';
import type { Run } from '#functions/shared/domain/run.js';
import { languageOf } from '#functions/shared/domain/shadow.js';
import { refundClaimIn } from '#functions/shared/reply-claims.js';
import { currenciesIn, moneyTokensIn } from '#functions/shared/reply-currencies.js';
import { plainText, statedAmounts, withoutAmounts } from '#functions/shared/reply-formats.js';
import {
  daysToSend,
  exchangedItems,
  refundOnReceipt,
  returnedItems,
  returnFeeIn,
  returnInstructions,
  type ReturnFacts,
} from '#functions/shared/reply-return.js';
import { gateAmountWords, type AmountWords } from '#functions/shared/words/amount-words.js';
import { checkStatusDraft, statusFacts, type StatusFacts } from '#functions/shared/reply-status.js';
import { askedRemedyOf, firstNameOf, questionFor } from '#functions/shared/reply-asks.js';
import { replyLanguageOf, signOffIn } from '#functions/shared/words/reply-language.js';
import { customerWords } from '#functions/shared/words/customer-words.js';
import type { Remedy } from '#harness/domain/types.js';

export type { ReturnFacts, ReturnInstructions } from '#functions/shared/reply-return.js';

export const ReplyAgentOutput = z.object({ body: z.string().min(1).max(5000) });
export const ReplyCheckOutput = z.object({ passed: z.boolean(), problems: z.array(z.string()) });

/**
 * What the reply tells: a refund made (a return's too, on receipt), a person taking over, a return
 * opened (its refund made when the parcel arrives) or a return closed with nothing refunded.
 */
export type ReplyOutcome = 'refunded' | 'escalated' | 'return_opened' | 'return_closed' | 'exchange_shipped' | 'status_answered';

/**
 * The tenant's settings a reply's facts take (the step's tenant): where a parcel goes back when the
 * store made no label; how long banks take to show a refund, in the tenant's words (reply-status.ts's default otherwise).
 */
export type ReplySettings = { returnAddress?: string; bankTimes?: string; store?: { locale?: string } };

export type ReplyFacts = {
  language: string;
  orderNumber: string | null;
  outcome: ReplyOutcome;
  /**
   * Refunded how: to the original payments, as store credit on the customer's account, or by
   * cancelling the order (its payments refunded); null when no money moved (never a default).
   */
  remedy: 'refund' | 'store_credit' | 'cancel' | null;
  /** What the customer asked for, as the agents read it (a refund, a cancel, a status question…); null when not read. */
  asked: Remedy | null;
  /** The customer's first name as the helpdesk gives it, for the greeting; null when it has none. */
  firstName: string | null;
  /** How many files (photos) the customer attached: a draft never asks for a photo already sent. */
  attachments: number;
  /** How the reply is signed, in its language ("Atención al cliente"). */
  signOff: string;
  /** One of several requests of the ticket: this draft is its part of one reply (shared/reply-combined.ts), written without greeting or sign-off. */
  part?: { index: number; of: number };
  /** Why the draft is in the store's language rather than the customer's, for the team (never in the reply). */
  languageNote?: string;
  /** Escalated on an unclear reading: the one question the draft asks the customer (it promises nothing). */
  question?: string;
  /** Refunded: what was refunded. Return opened: what will be refunded when the parcel arrives. Null otherwise. */
  amountMinor: number | null;
  currency: string | null;
  /** That amount as the reply must write it ("$18.00", "18,00 €"): the model never has to convert minor units. */
  amount: string | null;
  reason: string | null;
  /** What the refund covered ("1 × Stoneware mug"), or what the return brings back; empty when escalated. */
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
  /** A question about an earlier refund (outcome status_answered): the refunds on record it is about, and the bank-time words. */
  status?: StatusFacts;
} & Partial<ReturnFacts>;

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
function paidBreakdown(run: Run, language = run.draft?.language ?? run.triage?.language ?? 'en'): AmountWords | null {
  if (!run.refund) return null;
  const refunded = customerAmount(run.refund);
  const words = gateAmountWords(run, { money: (minor, currency) => formatMoney(minor, currency, language), locale: language });
  const breakdown = run.gate?.breakdown;
  if (!words || !breakdown || breakdown.currency !== refunded.currency || breakdown.cappedAtMinor !== null) return null;
  const parts = breakdown.lines.reduce((n, l) => n + l.paidMinor, 0) + breakdown.shippingMinor + breakdown.dutiesMinor;
  return parts === refunded.amountMinor && breakdown.totalMinor === refunded.amountMinor ? words : null;
}

function paidFacts(run: Run, language: string): Pick<ReplyFacts, 'paid' | 'shipping' | 'duties'> {
  const words = paidBreakdown(run, language);
  if (!words) return {};
  return {
    paid: words.lines.map(({ item, paid, price, discount, tax, taxIncluded }) => ({ item, paid, price, discount, tax, taxIncluded })),
    shipping: words.shipping,
    duties: words.duties,
  };
}

/**
 * Which moment a run's reply tells, from the run: a return opened and waiting for its parcel, a
 * return closed with nothing refunded, else a refund made (a return's refund on receipt included).
 */
export function replyOutcomeOf(run: Pick<Run, 'refund' | 'returnCase' | 'gate'>): Exclude<ReplyOutcome, 'escalated'> {
  if (run.gate?.decision === 'answer') return 'status_answered';
  const status = run.returnCase?.status;
  if (status === 'open' && !run.refund) return 'return_opened';
  if (status === 'closed') return 'return_closed';
  if (status === 'exchanged') return 'exchange_shipped';
  return 'refunded';
}

/** The run's return, when the reply tells one of its moments (a refund on receipt is one). */
function returnOf(run: Run, outcome: ReplyOutcome): NonNullable<Run['returnCase']> | null {
  const returnCase = run.returnCase ?? null;
  if (outcome === 'return_opened' || outcome === 'return_closed' || outcome === 'exchange_shipped') return returnCase;
  return outcome === 'refunded' && run.refund && returnCase?.status === 'refunded' ? returnCase : null;
}

/** The amount the reply states, in the currency the customer reads: the receipt's, or a return's refund on receipt. */
function statedMoney(run: Run, outcome: ReplyOutcome): { amountMinor: number; currency: string } | null {
  if (outcome === 'refunded') return run.refund ? customerAmount(run.refund) : null;
  if (outcome === 'return_opened' && run.returnCase) {
    const money = refundOnReceipt(run, run.returnCase);
    // An exchange for a variant that costs the same refunds nothing: no amount to state.
    return run.returnCase.exchange?.length && money.amountMinor === 0 ? null : money;
  }
  return null;
}

/** The return fee taken from the stated amount, in its currency; 0 when none (or no return). */
function feeOf(run: Run, outcome: ReplyOutcome, currency: string): number {
  const returnCase = returnOf(run, outcome);
  return returnCase ? returnFeeIn(run, returnCase, currency) : 0;
}

const orderNumberOf = (run: Run) => run.refund?.orderNumber ?? run.order?.orderNumber ?? run.triage?.orderNumber ?? null;

/** A return's own facts: its name; with money (not on a closed one), its fee; opened, the days to send it and how. */
function returnPart(run: Run, outcome: ReplyOutcome, language: string, settings: ReplySettings): Partial<ReturnFacts> {
  const returnCase = returnOf(run, outcome);
  const money = statedMoney(run, outcome);
  const exchange: Pick<ReturnFacts, 'exchange' | 'shipsAtOnce'> = returnCase?.exchange?.length
    ? { exchange: exchangedItems(run, returnCase), ...(returnCase.shipsAtOnce ? { shipsAtOnce: true } : {}) }
    : {};
  if (returnCase && outcome === 'return_opened' && !money && exchange.exchange) {
    return {
      returnName: returnCase.name,
      ...exchange,
      sendWithinDays: daysToSend(returnCase),
      instructions: returnInstructions(returnCase, settings.returnAddress),
    };
  }
  if (!returnCase || !money) return returnCase ? { returnName: returnCase.name, ...exchange } : {};
  const feeMinor = feeOf(run, outcome, money.currency);
  return {
    returnName: returnCase.name,
    fee: feeMinor > 0 ? formatMoney(feeMinor, money.currency, language) : null,
    feeMinor,
    ...(outcome === 'return_opened' ? { sendWithinDays: daysToSend(returnCase), instructions: returnInstructions(returnCase, settings.returnAddress) } : {}),
    ...exchange,
  };
}

function itemsOf(run: Run, outcome: ReplyOutcome): string[] {
  const returnCase = returnOf(run, outcome);
  if (returnCase) return returnedItems(run, returnCase, outcome === 'refunded' ? 'received' : 'lines');
  return outcome === 'refunded' ? refundedItems(run) : [];
}

/** What actually happened, from the run record (the receipt, never the proposal's amount). */
export function replyFacts(run: Run, outcome: ReplyOutcome, context: ReplySettings & { escalationReason?: string } = {}): ReplyFacts {
  // Read from the customer's words in code (words/reply-language.ts), the store's when it cannot be told.
  const chosen = replyLanguageOf(customerWords(run).join('\n'), run.triage?.language, context.store?.locale);
  // A draft already written keeps its language: its check reads the facts it was written from.
  const language = run.draft?.language ?? chosen.language;
  const money = statedMoney(run, outcome);
  const { escalationReason } = context;
  const question = outcome === 'escalated' ? questionFor(run) : null;
  return {
    language,
    orderNumber: orderNumberOf(run),
    outcome,
    remedy: !run.refund ? null : run.refund.method === 'store_credit' ? 'store_credit' : run.refund.cancelledAt ? 'cancel' : 'refund',
    asked: askedRemedyOf(run),
    firstName: firstNameOf(run),
    signOff: signOffIn(language),
    ...partOf(run, outcome),
    attachments: run.ticket.attachments?.length ?? 0,
    ...(chosen.note ? { languageNote: chosen.note } : {}),
    amountMinor: money?.amountMinor ?? null,
    currency: money?.currency ?? null,
    amount: money ? formatMoney(money.amountMinor, money.currency, language) : null,
    reason: run.proposal?.reason ?? run.triage?.reason ?? null,
    items: itemsOf(run, outcome),
    ...(escalationReason === undefined ? {} : { escalationReason }),
    ...(question ? { question } : {}),
    ...(outcome === 'refunded' ? paidFacts(run, language) : {}),
    ...returnPart(run, outcome, language, context),
    ...(outcome === 'status_answered' ? { status: statusFacts(run, language, context.bankTimes) } : {}),
  };
}

/**
 * One of several requests: its first draft is a part of the ticket's one reply. Not a holding reply
 * (the team's note has it whole), nor a return's later replies (posted on their own).
 */
function partOf(run: Run, outcome: ReplyOutcome): { part?: { index: number; of: number } } {
  const t = run.ticketRequests;
  if (!t || outcome === 'escalated' || (run.returnCase && run.returnCase.status !== 'open')) return {};
  return { part: { index: t.index, of: t.runIds.length } };
}

/** The languages the draft may write amounts in: its own (as drafted, else as triaged) first, then English. */
function draftLanguages(run: Run): string[] {
  const languages = [run.draft?.language, run.triage?.language].map(languageOf).filter((l) => l !== 'und');
  return [...new Set([...languages, 'en'])];
}

/** What a draft must and may state about money and the order, from the run's facts. */
type Expected = {
  orderNumber: string | null;
  /** The amount the draft must state, in the currency the customer reads, and what it is; null: no amount nor currency at all. */
  amount: { amountMinor: number; currency: string; what: string; in: string } | null;
  /** Other figures it may state, in the amount's currency (the breakdown's, a return's fee). */
  figures: number[];
  /** Text the facts gave that may hold digits but is no money (the return address, the label's link). */
  given: string[];
};

/** `text` with each given passage blanked out. */
const withoutGiven = (text: string, given: readonly string[]) => given.filter(Boolean).reduce((rest, g) => rest.split(plainText(g)).join(' '), text);

/** The order named, the amount stated, and no other currency or amount than the facts' own. */
function checkMoney(draft: string, run: Run, expected: Expected): string[] {
  const body = plainText(draft);
  const problems: string[] = [];
  const { orderNumber, amount } = expected;
  if (!orderNumber) problems.push('there is no order number to check the draft against');
  else if (!new RegExp(`(^|\\D)${orderNumber}(\\D|$)`).test(body)) problems.push(`draft does not name order ${orderNumber}`);
  const rest = withoutGiven(body, expected.given);
  const languages = draftLanguages(run);
  const written = amount ? plainText(formatMoney(amount.amountMinor, amount.currency, run.draft?.language ?? run.triage?.language ?? 'en')) : '';
  // Any way a locale of the draft's language (or English) writes the amount, never inside a longer number.
  const stated = amount ? statedAmounts(rest, amount.amountMinor, amount.currency, languages) : [];
  if (amount && stated.length === 0) problems.push(`draft does not state the ${amount.what} ${written}`);
  // The other figures the reply was given, in the same currency: stated or not, never required.
  const parts = amount ? expected.figures.flatMap((minor) => statedAmounts(rest, minor, amount.currency, languages)) : [];
  // What writing the amount takes ("$", "US$", "€", "USD") is its currency; anything else is not.
  const allowed = new Set(amount ? [amount.currency, ...currenciesIn(written), ...[...stated, ...parts].flatMap((s) => [...currenciesIn(s.text)])] : []);
  const others = [...currenciesIn(rest)].filter((c) => !allowed.has(c));
  if (others.length > 0) problems.push(`draft names currency ${others.join(', ')}, ${amount ? amount.in : 'but nothing was refunded'}`);
  const extra = moneyTokensIn(withoutAmounts(rest, [...stated, ...parts]));
  if (extra.length > 0) problems.push(`draft states an amount that did not happen: ${extra.join(', ')}`);
  return problems;
}

/**
 * Deterministic check: a refund reply names the order, the exact refunded amount in its currency, and
 * no other amount than that one and the figures its facts carry (what each item cost, its discount and
 * tax, the shipping and duties refunded; a return's fee), each as a locale of the draft's language writes it.
 */
export function checkDraftAgainstReceipt(draft: string, run: Run): string[] {
  if (!run.refund) return ['there is no refund receipt to check the draft against'];
  // The customer reads the amount in the currency they paid.
  const receipt = customerAmount(run.refund);
  const fee = feeOf(run, 'refunded', receipt.currency);
  return checkMoney(draft, run, {
    orderNumber: run.refund.orderNumber,
    amount: { ...receipt, what: 'refunded amount', in: `the refund was in ${receipt.currency}` },
    figures: [...(paidBreakdown(run)?.figures ?? []), ...(fee > 0 ? [fee] : [])],
    given: [],
  });
}

/**
 * A return's first reply: the order, the refund on receipt exactly (the fee besides it), how to send
 * the parcel when the facts give it (the label's link, the return address), and never that the
 * refund is already made.
 */
function checkReturnOpened(draft: string, run: Run, settings: ReplySettings): string[] {
  const returnCase = run.returnCase;
  if (!returnCase) return ['there is no return to check the draft against'];
  const money = refundOnReceipt(run, returnCase);
  const instructions = returnInstructions(returnCase, settings.returnAddress);
  const given = instructions.kind === 'label' ? [instructions.url] : instructions.kind === 'address' ? [instructions.address] : [];
  // An exchange for a variant that costs the same refunds nothing on receipt: the draft states no amount.
  const nothingDue = !!returnCase.exchange?.length && money.amountMinor === 0;
  const problems = checkMoney(draft, run, {
    orderNumber: orderNumberOf(run),
    amount: nothingDue ? null : { ...money, what: 'refund on receipt', in: `the refund on receipt is in ${money.currency}` },
    figures: money.feeMinor > 0 ? [money.feeMinor] : [],
    given,
  });
  if (instructions.kind === 'label' && !draft.includes(instructions.url)) problems.push(`draft does not give the return label ${instructions.url}`);
  // The address may be laid out on other lines: compared on its letters and digits alone.
  const bare = (text: string) =>
    text
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}]/gu, '')
      .toLowerCase();
  if (instructions.kind === 'address' && !bare(draft).includes(bare(instructions.address))) problems.push('draft does not give the return address');
  const claim = refundClaimIn(plainText(draft));
  if (claim) problems.push(`draft says the refund was already made ("${claim}"), but it is made when the parcel arrives`);
  return problems;
}

/**
 * The deterministic check of a run's draft, for the moment its reply tells (replyOutcomeOf): a closed
 * return's names the order and no amount nor currency at all (nothing was refunded).
 */
export function checkDraft(draft: string, run: Run, settings: ReplySettings = {}): string[] {
  const outcome = replyOutcomeOf(run);
  if (outcome === 'status_answered') return checkStatusDraft(draft, run, draftLanguages(run), settings.bankTimes);
  if (outcome === 'return_opened') return checkReturnOpened(draft, run, settings);
  if (outcome === 'return_closed' || outcome === 'exchange_shipped') {
    const problems = checkMoney(draft, run, { orderNumber: orderNumberOf(run), amount: null, figures: [], given: [] });
    const claim = outcome === 'exchange_shipped' ? refundClaimIn(plainText(draft)) : null;
    return claim ? [...problems, `draft says a refund was made ("${claim}"), but the item was exchanged`] : problems;
  }
  return checkDraftAgainstReceipt(draft, run);
}
