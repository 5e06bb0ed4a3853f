// Offline order agent: reads the customer's own words (subject, body, follow-ups) against the order
// → the remedy asked for, the claimed lines with the quantity stated and a verbatim quote each, the
// lines it sets aside as fine, kept or excepted (with the customer's words), no amount (the gate
// computes it), and "unclear" with the question a person should ask when it cannot tell which line or
// how many. Never claims a gift card. Deterministic.
import type { OrderFacts, ProposalAnswer, Triage } from '../../../domain/types.js';
import { readClaims, type ClaimReading } from './claim-reader.js';
import type { Claim } from './claims.js';
import { indexLines, type Line, type LineIndex } from './line-match.js';
import { readSource } from './source-reading.js';
import { readRemedy } from './remedy.js';
import { exchangeWordsOf } from './exchange-words.js';

export interface OrderAgentInput {
  order: OrderFacts;
  triage: Triage;
  ticket?: { subject?: string; body?: string; followUps?: readonly string[] } | undefined;
  /** One of several requests of the ticket: its words are all this order is asked (the rest is about other orders). */
  request?: { words: string | null } | undefined;
}

type ClaimedLine = ProposalAnswer['lineItems'][number];

const MAX_EVIDENCE = 20;
const short = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A line sold as a set ("Tumbler glasses (set of 4)", "Wine glasses (pair)"): units of it hold several items. */
const PACK = /\b(?:set|pack|pair|kit|bundle|paar|par|paire|juego|jogo|lot)\b|\(\s*\d{1,3}\s*\)/i;
const SOLD_IN_PAIRS = /\b(?:pair|paar|par|paire|paio)\b/i;

/** The quantity a claim resolves to on its line, or the question to ask instead. */
function quantityOf(claim: Claim, line: Line, conflicting: boolean): number | string {
  const title = `"${short(line.title, 60)}"`;
  if (conflicting) return `How many of ${title} are affected? The customer states different quantities.`;
  if (claim.pairs !== undefined && SOLD_IN_PAIRS.test(line.title) && claim.pairs <= line.quantity) return claim.pairs;
  if (claim.amount === 'all') return line.refundableQuantity > 0 ? line.refundableQuantity : line.quantity;
  if (typeof claim.amount === 'object' && claim.amount !== null) {
    const left = line.quantity - claim.amount.allBut;
    return left > 0 ? left : `You mention ${claim.amount.allBut} of ${title}, and the order has ${line.quantity}: how many are affected?`;
  }
  if (typeof claim.amount === 'number') {
    if (claim.amount <= line.quantity) return claim.amount;
    // Items of a set counted one by one ("2 glasses smashed" of a set of 4): the set is the unit.
    if (line.quantity === 1 && PACK.test(line.title)) return 1;
    return `You mention ${claim.amount} of ${title}, and the order has ${line.quantity}: how many are affected?`;
  }
  if (line.quantity <= 1 || claim.singular) return 1;
  return `How many of the ${line.quantity} ${title} in your order are affected?`;
}

function resolve(reading: ClaimReading, index: LineIndex) {
  const lines: ClaimedLine[] = [];
  const questions: string[] = [];
  const evidence: string[] = [];
  for (const claim of reading.claims) {
    const line = index.lines[claim.line]!;
    const quantity = quantityOf(claim, line, reading.conflicts.has(claim.line));
    const quote = typeof quantity === 'number' ? claim.quote() : null;
    if (typeof quantity === 'string') questions.push(quantity);
    else if (!quote) questions.push(`Which of the customer's words name "${short(line.title, 60)}"?`);
    else {
      // It cites no spans inside its quotes: the checks read the count from the quote itself.
      lines.push({ lineItemId: line.id, quantity, quote, itemWords: null, countWords: null });
      evidence.push(`"${short(line.title, 60)}" × ${quantity}, in the customer's words: "${short(quote)}"`);
    }
  }
  for (const group of reading.ambiguous) {
    questions.push(`Which item is affected: ${group.map((at) => `"${short(index.lines[at]!.title, 60)}"`).join(' or ')}?`);
  }
  return { lines, questions, evidence };
}

function orderEvidence(order: OrderFacts, lines: readonly ClaimedLine[], reading: ClaimReading | null, index: LineIndex): string[] {
  const out: string[] = [];
  for (const claimed of lines) {
    const line = order.lineItems.find((l) => l.id === claimed.lineItemId)!;
    out.push(
      `"${short(line.title, 60)}": ${line.unitPriceMinor} ${order.currency} each, ${line.refundableQuantity} of ${line.quantity} still refundable, ${line.fulfilledAt ? `fulfilled ${line.fulfilledAt.slice(0, 10)}` : 'not fulfilled'}`,
    );
  }
  for (const at of reading?.excluded ?? []) out.push(`excluded by the customer: "${short(index.lines[at]!.title, 60)}"`);
  if (reading?.fallback === 'only_line') out.push('no item is named; the order has a single line');
  if (reading?.fallback === 'named_elsewhere') out.push('the only item the customer names is taken as the one meant');
  for (const gift of order.lineItems.filter((l) => l.giftCard)) out.push(`gift card "${short(gift.title, 60)}" is never refunded`);
  if ((order.refunds ?? []).length > 0) out.push(`${order.refunds!.length} earlier refund(s) on order ${order.orderNumber}`);
  return out;
}

/** The spans the offline reader does not cite: null, so the checks read the quotes and the text themselves. */
const uncited = () => ({ reasonWords: null, remedyWords: null, declinedRemedyWords: [] as string[], exchangeWords: null });

/** A refund-status question claims nothing; a cancel is of the whole order (no line or count to read). Null for any other remedy. */
function wholeOrderProposal(
  remedy: ReturnType<typeof readRemedy>,
  head: string[],
  order: OrderAgentInput['order'],
  index: ReturnType<typeof indexLines>,
  reason: ProposalAnswer['reason'],
): ProposalAnswer | null {
  const base = { lineItems: [], ...uncited(), exclusions: [], currency: order.currency, reason };
  if (remedy.remedy === 'refund_status') {
    const evidence = [...head, 'the customer asks about a refund already made; nothing new is claimed', ...orderEvidence(order, [], null, index)];
    return { ...base, remedy: 'refund_status', unclear: null, evidence: evidence.slice(0, MAX_EVIDENCE) };
  }
  if (remedy.remedy !== 'cancel') return null;
  const evidence = [...head, 'the customer asks to cancel the order', ...orderEvidence(order, [], null, index)];
  const unclear = remedy.question ? { question: remedy.question.slice(0, 500) } : null;
  return { ...base, remedy: 'cancel', remedyWords: remedy.cue, unclear, evidence: evidence.slice(0, MAX_EVIDENCE) };
}

export function proposeRefund({ order, triage, ticket, request }: OrderAgentInput): ProposalAnswer {
  const asked = request?.words ? [request.words] : [ticket?.subject ?? '', ticket?.body ?? ''];
  const texts = [...asked, ...(ticket?.followUps ?? [])].filter((t) => t.trim() !== '');
  const index = indexLines(order);
  const sources = texts.map((text) => readSource(text, index, triage.language));
  const remedy = readRemedy(sources);
  const reason = triage.reason ?? 'other';
  const head = [`remedy: ${remedy.remedy}${remedy.cue ? ` ("${short(remedy.cue)}")` : ''}`, `reason from triage: ${reason}`];
  const whole = wholeOrderProposal(remedy, head, order, index, reason);
  if (whole) return whole;
  const reading = readClaims(sources, index, triage.language);
  const { lines, questions, evidence } = resolve(reading, index);
  if (remedy.question) questions.unshift(remedy.question);
  if (lines.length === 0 && questions.length === 0) {
    questions.push(
      texts.length === 0
        ? 'What does the customer report? The ticket has no text.'
        : `Which item of order #${order.orderNumber} is the problem? The ticket names none of its items.`,
    );
  }
  const question = questions.join(' ').slice(0, 500);
  const claimedIds = new Set(lines.map((l) => l.lineItemId));
  const exclusions = [...reading.exclusionQuotes]
    .map(([at, quote]) => ({ lineItemId: index.lines[at]!.id, words: quote() }))
    .filter((e): e is { lineItemId: string; words: string } => e.words !== null && e.words.length > 0 && !claimedIds.has(e.lineItemId))
    .map((e) => ({ ...e, words: e.words.slice(0, 200) }));
  // A replacement naming another variant's size or colour is an exchange for it.
  const exchangeWords =
    remedy.remedy === 'replacement' && lines.length === 1
      ? exchangeWordsOf(
          order.lineItems.find((l) => l.id === lines[0]!.lineItemId),
          texts,
        )
      : null;
  return {
    remedy: exchangeWords ? 'exchange' : remedy.remedy,
    lineItems: lines,
    ...uncited(),
    // Store credit and a replacement rest on the words that ask for them (the gate checks they are the customer's).
    ...(remedy.remedy === 'store_credit' || remedy.remedy === 'replacement' ? { remedyWords: remedy.cue } : {}),
    exchangeWords,
    exclusions,
    currency: order.currency,
    reason,
    unclear: question ? { question } : null,
    evidence: [...head, ...evidence, ...orderEvidence(order, lines, reading, index)].slice(0, MAX_EVIDENCE),
  };
}
