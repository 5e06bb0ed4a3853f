// The grounding rules: is the order agent's reading of the ticket what the customer wrote?
// Each claimed line needs a quote that occurs in the customer's own words, names that line (not
// only another), does not sit in an exclusion ("all except the kettle"), and states any quantity
// above one; the remedy must be a refund the customer did not decline; a line the customer names
// must not be left out; a claim on a line already partly refunded goes to a person, and one that
// speaks of an earlier refund is no new refund at all. Pure; the gate turns findings into verdicts.
import type { OrderFacts, Proposal, Triage } from '../../domain/types.js';
import { RULES } from '../rules.js';
import { dayWords, moneyWords } from '../reason-words.js';
import {
  EARLIER_REFUND_PHRASES,
  ENGLISH_WORDS,
  INSTEAD_OF_PHRASES,
  NEGATIONS,
  NOT_REFUND_PHRASES,
  OTHER_REMEDY_WORDS,
  PROBLEM_PREFIXES,
  REFUND_PREFERRED_PHRASES,
  REFUND_STATUS_PHRASES,
  REFUND_WISH_PREFIXES,
} from './lexicon.js';
import { NEW_WORDS, SEND_VERBS } from './lexicon/remedies.js';
import { addressesTheSystem } from './instructions.js';
import { problemStatedFindings } from './problem-stated.js';
import { wholeOrderFindings } from './whole-order.js';
import { clausesOf, type Clause } from './clauses.js';
import { countWordsFindings, finePartFindings, itemWordsFindings, namesLineOtherwise, problemCountFindings, type CitedContext } from './cited.js';
import { anotherItemsCount, quantityFinding, sharedCount, withoutPartCounts } from './claimed-counts.js';
import { parseCount, titleNumbersOf } from './counts.js';
import { mentionsOf, saidFineCount, saysRestIsFine } from './mentions.js';
import { citedRemedyFindings, NO_OTHER_REMEDIES, notCarriedOut, remedyEnabled, type EnabledRemedies } from './other-remedy.js';
import { excludedByModel, reasonFindings, remedyFindings, remedySetAside, setAsideByModel } from './spans.js';
import { normalizeForMatch, tokens } from './text.js';
import { distinctiveStems, namingStems, productStems } from './line-stems.js';
import { containsWords, mentionsAny, phraseIn, phraseTokens, phraseStartsIn, sentencesOf, type Sentences } from './words.js';

export type Severity = 'refuse' | 'approval';
export interface GroundingFinding {
  rule: string;
  reason: string;
  severity: Severity;
  lineItemId?: string;
}

export interface GroundingInput {
  /** The customer's own words: ticket subject and body, then follow-ups. Nothing else (no order note). */
  customerText: readonly string[];
  proposal: Proposal;
  order: OrderFacts;
  triage: Pick<Triage, 'riskFlags'>;
  /** The store's zone, for the days a reason names (the policy's; UTC without it). */
  timeZone?: string;
  /** The remedies beside a refund the tenant enabled (none without it). */
  remedies?: EnabledRemedies;
  /**
   * One of several requests of a ticket, another of which asks about an earlier refund on another
   * order: the ticket's words about a refund's whereabouts are that request's, unless this order has
   * a refund of its own they could be about.
   */
  statusAskedOfAnotherOrder?: boolean;
}

export interface LineVerdict {
  lineItemId: string;
  quote: string;
  rule: string;
  grounded: boolean;
}

const EARLIER_REFUND = phraseTokens(EARLIER_REFUND_PHRASES);
const NOT_REFUND = phraseTokens(NOT_REFUND_PHRASES);
const OTHER_REMEDY = phraseTokens(OTHER_REMEDY_WORDS);
const INSTEAD_OF = phraseTokens(INSTEAD_OF_PHRASES);
const REFUND_PREFERRED = phraseTokens(REFUND_PREFERRED_PHRASES);
const REFUND_STATUS = phraseTokens(REFUND_STATUS_PHRASES);

/**
 * Another remedy's word the customer does not set aside: no negation or "instead of" in the four
 * words before it, and no preference for a refund after it in that sentence or the next ("you
 * offered a replacement, but I'd prefer a refund").
 */
function asksOtherRemedy(text: Sentences, setAside: (words: readonly string[], at: number) => boolean): boolean {
  return text.some((words, s) =>
    [...phraseStartsIn(words, OTHER_REMEDY), ...sendNewStarts(words)].some((at) => {
      if (setAside(words, at)) return false;
      const before = Math.max(0, at - 4);
      if (words.slice(before, at).some((w) => NEGATIONS.has(w)) || phraseIn(words, INSTEAD_OF, before, at)) return false;
      const after = [words.slice(at + 1), text[s + 1] ?? []];
      return !after.some((rest) => phraseIn(rest, REFUND_PREFERRED, 0, rest.length));
    }),
  );
}

/** Where a verb of sending has a word for new within four words of it, either side ("send two new ones", "zwei neue schicken"). */
function sendNewStarts(words: readonly string[]): number[] {
  return words.flatMap((w, i) => (SEND_VERBS.has(w) && words.slice(Math.max(0, i - 4), i + 5).some((x) => NEW_WORDS.has(x)) ? [i] : []));
}

/** The distinctive stems of each line the proposal claims. */
const claimedStems = (proposal: Proposal, stems: Map<string, string[]>) => proposal.lineItems.map((c) => stems.get(c.lineItemId) ?? []);

/** English-dominant text: product titles can be matched word for word (other languages are not checked that way). */
function looksEnglish(words: readonly string[]): boolean {
  let english = 0;
  for (const w of words) if (ENGLISH_WORDS.has(w)) english++;
  return english >= 3 && english * 8 >= words.length;
}
const QUOTE_CHARS = 300;

type Line = OrderFacts['lineItems'][number];

/**
 * `naming`: the stems that say another line is meant (namingStems). `shared.quote`: the units of every claimed line quoted with these same words ("both of the frames
 * (the oak one and the brass one)" claims one of each); `shared.count`: those of them that cite the same count words too (sharedCount).
 */
function quoteFindings(
  line: Line,
  claim: Proposal['lineItems'][number],
  text: Sentences,
  whole: string[],
  ctx: CitedContext,
  shared: { quote: number; count: number | null },
): GroundingFinding[] {
  const { stems, naming, english } = ctx;
  const id = line.id;
  const quoteWords = tokens(normalizeForMatch(claim.quote.slice(0, QUOTE_CHARS)));
  if (quoteWords.length === 0 || !containsWords(whole, quoteWords)) {
    return [{ rule: RULES.quoteNotInCustomerText, reason: `"${line.title}": the quote is not in the customer's words`, severity: 'approval', lineItemId: id }];
  }
  const found: GroundingFinding[] = [];
  const own = stems.get(id) ?? [];
  const inQuote = mentionsOf([quoteWords], own);
  // In the whole text, a mention only claims the item in a sentence about a problem or a refund; one
  // that lists what was ordered does not outweigh "the vase we're keeping".
  const inText = mentionsOf(text, own, speaksOfProblemOrRefund);
  const excludedInText = mentionsOf(text, own).excluded > 0;
  if ((inQuote.excluded > 0 && inQuote.positive === 0) || (excludedInText && inText.positive === 0)) {
    found.push({
      rule: RULES.lineExcludedByCustomer,
      reason: `"${line.title}": the customer excludes it or says it is fine`,
      severity: 'approval',
      lineItemId: id,
    });
  } else if (claim.quantity >= line.quantity && saidFineCount(text, own) > 0) {
    // Every unit claimed, and the item also said to be fine ("The mug arrived cracked. Just kidding,
    // the mug is fine."): one complaint does not outweigh it; a person reads which holds. Some units fine
    // and others not is read by the count rules (finePartFindings).
    found.push({
      rule: RULES.lineExcludedByCustomer,
      reason: `"${line.title}": the customer says something is wrong with it and also that it is fine`,
      severity: 'approval',
      lineItemId: id,
    });
  }
  if (claim.itemWords != null) found.push(...itemWordsFindings(line, claim, quoteWords, ctx));
  else if (inQuote.positive + inQuote.excluded === 0) {
    const other = [...naming].find(([otherId, s]) => otherId !== id && mentionsOf([quoteWords], s).positive > 0);
    if (other) found.push({ rule: RULES.quoteNamesOtherLine, reason: `"${line.title}": the quote names another item`, severity: 'approval', lineItemId: id });
    // In English the item's own words must be in the quote (or a collective such as "everything"); other languages are not matched word for word.
    else if (english && own.length > 0 && !namesLineOtherwise(quoteWords, id, ctx)) {
      found.push({ rule: RULES.quoteDoesNotNameLine, reason: `"${line.title}": the quote does not name the item`, severity: 'approval', lineItemId: id });
    }
  }
  if (claim.countWords != null) {
    found.push(...countWordsFindings(line, claim, quoteWords, ctx, shared.count));
  } else {
    const quantity = quantityFinding(line, claim, parseCount(withoutPartCounts(quoteWords, ctx), line.quantity, ctx.titles), shared.quote);
    if (quantity && !anotherItemsCount(claim, ctx)) found.push(quantity);
  }
  return found;
}

function earlierRefundFindings(input: GroundingInput, text: Sentences): GroundingFinding[] {
  const { order, proposal } = input;
  const speaksOfEarlier = input.triage.riskFlags.includes('mentions_earlier_refund') || mentionsAny(text, EARLIER_REFUND);
  const found: GroundingFinding[] = [];
  for (const claim of proposal.lineItems) {
    const line = order.lineItems.find((l) => l.id === claim.lineItemId);
    if (!line) continue;
    const refunded = line.quantity - line.refundableQuantity;
    if (refunded <= 0) continue;
    const earlier = (order.refunds ?? [])
      .filter((r) => r.lineItems.some((l) => l.lineItemId === line.id))
      .map((r) => `${dayWords(r.createdAt, input.timeZone)} (${moneyWords(r.amountMinor, order.currency)})`);
    const facts = `${refunded} of ${line.quantity} already refunded${earlier.length ? ` on ${earlier.join(', ')}` : ''}`;
    if (speaksOfEarlier && claim.quantity > line.refundableQuantity) {
      found.push({
        rule: RULES.claimsRefundedUnits,
        reason: `"${line.title}": the customer speaks of an earlier refund; ${facts}`,
        severity: 'refuse',
        lineItemId: line.id,
      });
    } else {
      found.push({
        rule: RULES.linePartlyRefunded,
        reason: `"${line.title}": ${facts}; the claim may be about those units`,
        severity: 'approval',
        lineItemId: line.id,
      });
    }
  }
  return found;
}

/** A sentence that says something is wrong with an item. */
const speaksOfProblem = (words: readonly string[]) => words.some((w) => PROBLEM_PREFIXES.some((p) => w.startsWith(p)));
/** A sentence that says something is wrong with an item, or asks for money back or gives a reason to return it. */
const speaksOfProblemOrRefund = (words: readonly string[]) => speaksOfProblem(words) || words.some((w) => REFUND_WISH_PREFIXES.some((p) => w.startsWith(p)));

/**
 * Lines the customer names in a sentence about a problem (outside exclusions) that the proposal
 * leaves out. A line the customer also says is fine or kept is left out rightly when every such
 * sentence names a claimed line too ("the mug and the bowl would be perfect next to her other
 * pieces, and the napkins … The napkins are fine").
 */
function unclaimedFindings(input: GroundingInput, text: Sentences, stems: Map<string, string[]>, whole: readonly string[]): GroundingFinding[] {
  const claimed = new Set(input.proposal.lineItems.map((l) => l.lineItemId));
  // A line the model lists as fine, kept or left out, with words of the customer's that say so, is left out rightly.
  const excluded = setAsideByModel(input.proposal, whole, input.order);
  // Named where something is wrong and not listed as fine, kept or excepted by the model: a person looks.
  const leftOut = (own: string[]) => mentionsOf(text, own, speaksOfProblem).positive > 0;
  return input.order.lineItems
    .filter((l) => !claimed.has(l.id) && !excluded.has(l.id) && !l.giftCard && l.refundableQuantity > 0 && leftOut(stems.get(l.id) ?? []))
    .map((l) => ({
      rule: RULES.unclaimedLineMentioned,
      reason: `"${l.title}" is named by the customer but not in the proposal`,
      severity: 'approval' as const,
      lineItemId: l.id,
    }));
}

/** Per line of the order the customer leaves out by naming others and saying the rest is fine ("just the teapot, the rest is fine"), its finding. */
function restIsFineFindings(order: OrderFacts, text: Sentences, stems: Map<string, string[]>): Map<string, GroundingFinding> {
  const named = new Set<string>();
  for (const words of text.filter(saysRestIsFine)) for (const [id, own] of stems) if (mentionsOf([words], own).positive > 0) named.add(id);
  if (named.size === 0) return new Map();
  const titles = order.lineItems.filter((l) => named.has(l.id)).map((l) => `"${l.title}"`);
  return new Map(
    order.lineItems
      .filter((l) => !named.has(l.id))
      .map((l) => [
        l.id,
        {
          rule: RULES.lineExcludedByCustomer,
          reason: `"${l.title}": the customer names only ${titles.join(', ')} and says the rest is fine`,
          severity: 'approval' as const,
          lineItemId: l.id,
        },
      ]),
  );
}

/** Findings about the ticket as a whole: a refund-status question, words to an AI, the remedy, an unclear or empty claim. */
function ticketFindings(input: GroundingInput, joined: string, read: Reading): GroundingFinding[] {
  const { text, whole } = read;
  const { proposal, order } = input;
  const findings: GroundingFinding[] = [];
  const statusIsAnotherRequests = input.statusAskedOfAnotherOrder === true && (order.refunds ?? []).length === 0;
  if (!statusIsAnotherRequests && mentionsAny(text, REFUND_STATUS)) {
    const earlier = (order.refunds ?? []).map((r) => `${dayWords(r.createdAt, input.timeZone)} (${moneyWords(r.amountMinor, order.currency)})`);
    findings.push({
      rule: RULES.refundStatusQuestion,
      reason: `the customer asks about an earlier refund, not for a new one${earlier.length ? `; refunds on this order: ${earlier.join(', ')}` : '; the order shows no refund'}`,
      severity: 'refuse',
    });
  }
  if (addressesTheSystem(joined, text)) {
    findings.push({
      rule: RULES.instructionsInCustomerText,
      reason: 'the customer\'s text addresses an AI or a system (role tags, tool names, "ignore previous"): a person decides',
      severity: 'approval',
    });
  }
  if (proposal.unclear)
    findings.push({ rule: RULES.claimUnclear, reason: `the agent cannot tell what is claimed: ${proposal.unclear.question}`, severity: 'refuse' });
  const enabled = remedyEnabled(proposal.remedy, input.remedies ?? NO_OTHER_REMEDIES);
  if (!enabled) findings.push({ rule: RULES.remedyNotRefund, reason: notCarriedOut(proposal.remedy), severity: 'refuse' });
  else if (proposal.remedy !== 'refund') findings.push(...citedRemedyFindings(proposal, whole, text));
  else if (mentionsAny(text, NOT_REFUND) || asksOtherRemedy(text, remedySetAside(proposal, whole)))
    findings.push({ rule: RULES.remedyContradicted, reason: "the customer's words ask for something other than a refund", severity: 'approval' });
  if (proposal.lineItems.length === 0 && !proposal.unclear && enabled && proposal.remedy !== 'cancel') {
    findings.push({ rule: RULES.nothingClaimed, reason: 'the proposal claims no line item', severity: 'refuse' });
  }
  return [...findings, ...reasonFindings(proposal, text, whole), ...remedyFindings(proposal, text, whole, claimedStems(proposal, read.ctx.stems))];
}

/** The findings of one claimed line, in the order they explain its verdict. */
function lineFindings(input: GroundingInput, claim: Proposal['lineItems'][number], line: Line, read: Reading): GroundingFinding[] {
  const { proposal } = input;
  const found: GroundingFinding[] = [];
  if (line.giftCard)
    found.push({ rule: RULES.giftCardLine, reason: `"${line.title}" is a gift card; gift cards are never refunded`, severity: 'refuse', lineItemId: line.id });
  const sameQuote = proposal.lineItems.filter((c) => normalizeForMatch(c.quote) === normalizeForMatch(claim.quote));
  const shared = sameQuote.reduce((n, c) => n + c.quantity, 0);
  found.push(...quoteFindings(line, claim, read.text, read.whole, read.ctx, { quote: shared, count: sharedCount(sameQuote, claim) }));
  if (!found.some((f) => f.rule === RULES.lineExcludedByCustomer)) found.push(...finePartFindings(line, claim, proposal.reason, read.clauses));
  if (read.modelExcluded.has(line.id)) {
    found.push({
      rule: RULES.lineExcludedByCustomer,
      reason: `"${line.title}": the agent itself says the customer leaves it out`,
      severity: 'approval',
      lineItemId: line.id,
    });
  }
  const rest = read.leftOut.get(line.id);
  if (rest && !found.some((f) => f.rule === RULES.lineExcludedByCustomer)) found.push(rest);
  found.push(...read.problemCounts.filter((f) => f.lineItemId === line.id));
  found.push(...problemStatedFindings(input.proposal, line, read.text, read.ctx.stems));
  return found;
}

/** What every line's checks read once: the text, the order's naming stems, the model's exclusions. */
interface Reading {
  text: Sentences;
  whole: string[];
  ctx: CitedContext;
  modelExcluded: Set<string>;
  leftOut: Map<string, GroundingFinding>;
  problemCounts: GroundingFinding[];
  /** The customer's text as clauses, every sentence's in a row (what a quote lies in). */
  clauses: Clause[];
}

function readTicket(input: GroundingInput, joined: string): Reading {
  const { proposal, order } = input;
  const text = sentencesOf(joined);
  const whole = tokens(normalizeForMatch(joined));
  const stems = distinctiveStems(order);
  const claimableLines = order.lineItems.filter((l) => !l.giftCard && l.refundableQuantity > 0).length;
  const titles = titleNumbersOf(order.lineItems.map((l) => l.title));
  const orderNumber = order.orderNumber.replace(/\D/g, '');
  const ctx: CitedContext = {
    stems,
    naming: namingStems(order, stems),
    english: looksEnglish(whole),
    claimableLines,
    titles,
    orderNumber,
    products: productStems(order),
  };
  return {
    text,
    whole,
    ctx,
    modelExcluded: excludedByModel(proposal, whole, order),
    leftOut: restIsFineFindings(order, text, stems),
    problemCounts: [...problemCountFindings(joined, proposal.lineItems, order, ctx), ...wholeOrderFindings(proposal, order, text, stems)],
    clauses: clausesOf(joined).flat(),
  };
}

export function groundProposal(input: GroundingInput): { findings: GroundingFinding[]; lines: LineVerdict[] } {
  const { proposal, order } = input;
  const joined = input.customerText.join('\n');
  const read = readTicket(input, joined);
  const findings = ticketFindings(input, joined, read);
  const lines: LineVerdict[] = [];
  for (const claim of proposal.lineItems) {
    const line = order.lineItems.find((l) => l.id === claim.lineItemId);
    if (!line) continue; // items_not_on_order is the gate's hard refusal
    const own = lineFindings(input, claim, line, read);
    findings.push(...own);
    lines.push({ lineItemId: line.id, quote: claim.quote.slice(0, 120), rule: own[0]?.rule ?? RULES.claimGrounded, grounded: own.length === 0 });
  }
  // The whole order said not to have arrived: a line that shipped and is not claimed (whole-order.ts).
  const claimed = new Set(proposal.lineItems.map((c) => c.lineItemId));
  const leftOut = read.problemCounts.filter((f) => f.lineItemId !== undefined && !claimed.has(f.lineItemId));
  findings.push(...earlierRefundFindings(input, read.text), ...unclaimedFindings(input, read.text, read.ctx.naming, read.whole), ...leftOut);
  return { findings, lines };
}
