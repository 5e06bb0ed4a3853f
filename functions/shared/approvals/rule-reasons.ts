// Why a person must decide, in plain words: each approval rule id the gate recorded
// (run.gate.rules, harness/policy/rules.ts) rendered from the run's facts and the policy's numbers,
// with money in the store's locale ("$62.00 is over the $50.00 automatic limit"). The gate's own
// reasons stay as they are (minor units, for the journal); this is what a lead reads. The grounding
// rules name their line: the same pure grounding check the gate ran is re-run here to learn which.
import type { ClaimedLine, OrderFacts } from '#harness/domain/types.js';
import type { Run } from '#functions/shared/domain/run.js';
import { calendarDaysBetween } from '#harness/policy/days.js';
import { DEFAULT_POLICY, type Policy } from '#harness/policy/document.js';
import { refundsInWindow } from '#harness/policy/gate.js';
import { groundProposal } from '#harness/policy/grounding/index.js';
import { RULES } from '#harness/policy/rules.js';
import { requestWords } from '../words/request-words.js';
import type { Formats } from './formats.js';

type Line = OrderFacts['lineItems'][number];

export interface RuleContext {
  run: Run;
  policy: Policy;
  /** The amount to approve (the refund preview's) and its currency. */
  amountMinor: number;
  currency: string;
  fmt: Formats;
}

/** One claimed line with the order's line it claims. */
interface Claimed {
  claim: ClaimedLine;
  line: Line;
}

/** How a rule reads: one sentence per line it applies to, or one for the whole case. */
type Wording =
  { kind: 'case'; say: (c: RuleContext) => string[] } | { kind: 'line'; say: (l: Claimed, c: RuleContext) => string; generic: (c: RuleContext) => string };

const REASON_WORDS: Record<string, string> = {
  damaged: 'damaged',
  defective: 'defective',
  wrong_item: 'wrong item',
  not_received: 'not received',
  changed_mind: 'changed mind',
  other: 'other',
};
export const reasonInWords = (reason: string | null | undefined): string => (reason ? (REASON_WORDS[reason] ?? reason.replace(/_/g, ' ')) : 'none given');

const RISK_WORDS: Record<string, string> = {
  claims_prior_approval: 'the customer says someone already approved this refund',
  instructions_to_system: 'the ticket contains instructions addressed to the refund system',
};

const title = (line: Pick<Line, 'title'>) => `“${line.title}”`;
const orList = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function claimedLines(run: Run): Claimed[] {
  const seen = new Set<string>();
  const out: Claimed[] = [];
  for (const claim of run.proposal?.lineItems ?? []) {
    const line = run.order?.lineItems.find((l) => l.id === claim.lineItemId);
    if (!line || seen.has(line.id)) continue;
    seen.add(line.id);
    out.push({ claim, line });
  }
  return out;
}

const damageLikeInWords = (c: RuleContext) => orList(c.policy.document.damageLikeReasons.map(reasonInWords));

/** Rule id → plain words. Only approval rules are here: a refusal never reaches a lead. */
const WORDING: Record<string, Wording> = {
  [RULES.amountOverAutoLimit]: {
    kind: 'case',
    say: (c) => [`${c.fmt.money(c.amountMinor, c.currency)} is over the ${c.fmt.money(c.policy.document.autoRefundLimitMinor, c.currency)} automatic limit`],
  },
  [RULES.notFulfilled]: {
    kind: 'line',
    say: (l) => `${title(l.line)} has not shipped yet; automatic refunds are only for shipped items`,
    generic: () => 'a claimed item has not shipped yet; automatic refunds are only for shipped items',
  },
  [RULES.partlyFulfilled]: {
    kind: 'line',
    say: (l) => `${title(l.line)}: ${l.claim.quantity} claimed, only ${l.line.fulfilledQuantity ?? 0} shipped so far`,
    generic: () => 'more units are claimed than have shipped so far',
  },
  [RULES.fulfilledTooLongAgo]: {
    kind: 'line',
    say: (l, c) => {
      const days = calendarDaysBetween(l.line.fulfilledAt ?? '', c.run.ticket.receivedAt, c.policy.document.timeZone);
      return `${title(l.line)} shipped ${c.fmt.date(l.line.fulfilledAt ?? '')}, ${plural(days, 'day')} before the ticket; automatic refunds only within ${c.policy.document.fulfilledWithinDays} days`;
    },
    generic: (c) => `a claimed item shipped more than ${c.policy.document.fulfilledWithinDays} days before the ticket`,
  },
  [RULES.reasonNotDamageLike]: {
    kind: 'case',
    say: (c) => {
      const proposed = c.run.proposal?.reason ?? null;
      const read = c.run.triage?.reason ?? null;
      const damageLike = (r: string | null) => r !== null && (c.policy.document.damageLikeReasons as string[]).includes(r);
      const why =
        damageLike(proposed) && !damageLike(read)
          ? `the ticket reads as “${reasonInWords(read)}”, though the proposal says “${reasonInWords(proposed)}”`
          : `the reason is “${reasonInWords(proposed)}”`;
      return [`${why}; automatic refunds only for ${damageLikeInWords(c)}`];
    },
  },
  [RULES.tooManyRecentRefunds]: {
    kind: 'case',
    say: (c) => {
      const n = c.run.order ? refundsInWindow(c.run.order, c.run.ticket.receivedAt, c.policy) : 0;
      return [`the customer had ${plural(n, 'refund')} in the last 90 days; automatic refunds only with fewer than ${c.policy.document.maxRefundsIn90Days}`];
    },
  },
  [RULES.riskFlags]: {
    kind: 'case',
    say: (c) => {
      const flags = (c.run.triage?.riskFlags ?? []).map((f) => RISK_WORDS[f]).filter((w): w is string => !!w);
      return flags.length > 0 ? flags : ['the ticket carries a warning sign a person should weigh'];
    },
  },
  [RULES.assistMode]: {
    kind: 'case',
    say: () => ['the store runs this kind of ticket in assist mode: a person approves every refund, even one the policy would allow on its own'],
  },
  [RULES.quoteNotInCustomerText]: {
    kind: 'line',
    say: (l) => `${title(l.line)}: the words quoted for it are not in the customer's messages`,
    generic: () => "the words quoted for a line are not in the customer's messages",
  },
  [RULES.quoteNamesOtherLine]: {
    kind: 'line',
    say: (l) => `${title(l.line)}: the customer's words quoted for it name another item`,
    generic: () => "the customer's words quoted for a line name another item",
  },
  [RULES.lineExcludedByCustomer]: {
    kind: 'line',
    say: (l) => `${title(l.line)}: the customer seems to exclude it or say it is fine`,
    generic: () => 'the customer seems to exclude a claimed item or say it is fine',
  },
  [RULES.shippingNotGrounded]: {
    kind: 'case',
    say: () => ["the refund includes the order's shipping because nothing arrived, but no words of the customer's say that the order never arrived"],
  },
  [RULES.quantityNotStated]: {
    kind: 'line',
    say: (l) => `${title(l.line)}: ${l.claim.quantity} claimed, but the customer's words give no quantity`,
    generic: () => "more than one unit is claimed, but the customer's words give no quantity",
  },
  [RULES.quantityNotGrounded]: {
    kind: 'line',
    say: (l) => `${title(l.line)}: ${l.claim.quantity} claimed, but the customer's words give another number`,
    generic: () => "the quantity claimed is not the one in the customer's words",
  },
  [RULES.linePartlyRefunded]: {
    kind: 'line',
    say: (l, c) => {
      const refunded = l.line.quantity - l.line.refundableQuantity;
      const earlier = (c.run.order?.refunds ?? [])
        .filter((r) => r.lineItems.some((x) => x.lineItemId === l.line.id))
        .map((r) => `${c.fmt.date(r.createdAt)}, ${c.fmt.money(r.amountMinor, c.currency)}`);
      return `${title(l.line)}: ${refunded} of ${l.line.quantity} already refunded${earlier.length ? ` (${earlier.join('; ')})` : ''}; the claim may be about those units`;
    },
    generic: () => 'a claimed item was already partly refunded; the claim may be about those units',
  },
  [RULES.instructionsInCustomerText]: {
    kind: 'case',
    say: () => [
      'the customer\'s text speaks to an AI or a system (role tags, tool names, "ignore previous"): check it was written by the customer in good faith',
    ],
  },
  [RULES.quoteDoesNotNameLine]: {
    kind: 'line',
    say: (l) => `${title(l.line)}: the customer's words quoted for it do not name the item`,
    generic: () => "a claimed item is not named in the customer's words quoted for it",
  },
  [RULES.unclaimedLineMentioned]: {
    kind: 'line',
    say: (l) => `the customer also names ${title(l.line)}, which this refund leaves out`,
    generic: () => 'the customer names an item this refund leaves out',
  },
  [RULES.remedyContradicted]: {
    kind: 'case',
    say: () => ["the customer's words ask for something other than money back (such as a replacement)"],
  },
};

const ORDER = Object.keys(WORDING);

/** The lines each grounding rule applies to, from the same pure check the gate ran. */
function groundingLines(run: Run): Map<string, Set<string>> {
  const byRule = new Map<string, Set<string>>();
  if (!run.order || !run.proposal || !run.triage) return byRule;
  const { findings } = groundProposal({ customerText: requestWords(run), proposal: run.proposal, order: run.order, triage: run.triage });
  for (const f of findings) {
    if (!f.lineItemId) continue;
    byRule.set(f.rule, (byRule.get(f.rule) ?? new Set()).add(f.lineItemId));
  }
  return byRule;
}

/** The order's lines a line-rule applies to: the grounding check's, or the claimed lines its facts fit. */
function linesFor(rule: string, c: RuleContext, grounded: Map<string, Set<string>>): Claimed[] {
  const claimed = claimedLines(c.run);
  const doc = c.policy.document;
  switch (rule) {
    case RULES.notFulfilled:
      return claimed.filter((l) => !l.line.fulfilledAt);
    case RULES.partlyFulfilled:
      return claimed.filter((l) => l.line.fulfilledQuantity !== undefined && l.claim.quantity > l.line.fulfilledQuantity);
    case RULES.fulfilledTooLongAgo:
      return claimed.filter(
        (l) => l.line.fulfilledAt && calendarDaysBetween(l.line.fulfilledAt, c.run.ticket.receivedAt, doc.timeZone) > doc.fulfilledWithinDays,
      );
    case RULES.unclaimedLineMentioned: {
      const ids = grounded.get(rule) ?? new Set<string>();
      // Unclaimed lines: no claim of the proposal; shown with quantity 0.
      return (c.run.order?.lineItems ?? []).filter((l) => ids.has(l.id)).map((line) => ({ line, claim: { lineItemId: line.id, quantity: 0, quote: '' } }));
    }
    default: {
      const ids = grounded.get(rule) ?? new Set<string>();
      return claimed.filter((l) => ids.has(l.line.id));
    }
  }
}

/**
 * One plain sentence (or one per line) for each approval rule of the run's gate decision. A rule this module does not know still gets a line, so nothing the gate said is lost.
 */
export function approvalReasonsInWords(input: Omit<RuleContext, 'policy'> & { policy?: Policy }): string[] {
  const c: RuleContext = { ...input, policy: input.policy ?? DEFAULT_POLICY };
  // The table's order, not the gate's: the amount first, then shipping, reason, history and the words.
  const rank = (rule: string) => (ORDER.includes(rule) ? ORDER.indexOf(rule) : ORDER.length);
  const rules = [...(c.run.gate?.rules ?? [])].sort((a, b) => rank(a) - rank(b));
  let grounded: Map<string, Set<string>> | null = null;
  const out: string[] = [];
  for (const rule of rules) {
    const wording = WORDING[rule];
    if (!wording) {
      out.push(`the policy rule “${rule.replace(/_/g, ' ')}” asks for a person`);
      continue;
    }
    if (wording.kind === 'case') {
      out.push(...wording.say(c));
      continue;
    }
    grounded ??= groundingLines(c.run);
    const lines = linesFor(rule, c, grounded);
    out.push(...(lines.length > 0 ? lines.map((l) => wording.say(l, c)) : [wording.generic(c)]));
  }
  return out;
}

/** The rule ids this module words (tests hold it to the approval rules of harness/policy/rules.ts). */
export const WORDED_RULES: readonly string[] = ORDER;
