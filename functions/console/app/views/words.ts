// The run page's code values as a lead reads them: a state's name and heading, the triage's intent,
// reason and risk flags, the remedy, the gate's decision, how the order was bound. A value not in a
// table still reads as words (underscores become spaces), never as its id; the raw value stays in the
// engineer's details (details.ts). Data only, and pure.
import type { StepName } from '#harness/domain/types.js';
import type { RunMark } from '#functions/shared/domain/run.js';
import { daysInWords } from './layout.js';

/**
 * Each state's heading, in the order states are drawn: every step (STEP_NAMES), a closed run's
 * `Done` mark, and `Console` (journal rows of a person's actions). A state not here comes after.
 */
export const STATE_LABEL: Readonly<Record<string, string>> = {
  Triage: 'Triage: what the ticket asks',
  CheckOrder: 'Check order: the order the harness read',
  ProposeRefund: 'Propose refund: the order agent’s reading',
  Gate: 'Gate: the policy decides',
  Shadow: 'Shadow: proposal only',
  RequestApproval: 'Request approval: a lead decides',
  Refund: 'Refund',
  DraftReply: 'Draft reply',
  CheckReply: 'Check reply',
  AwaitReturn: 'Await return: the parcel is on its way back',
  ProcessReturn: 'Process return: what came back',
  Done: 'Done',
  Escalate: 'Escalate: handed to a person',
  Console: 'Console: a person acted',
} satisfies Record<StepName | Extract<RunMark, 'Done'> | 'Console', string>;

const plain = (value: string) => value.replace(/_/g, ' ');

/** A state's short name ("Request approval", "Check order"); a state without a label reads as its words. */
export function stateName(state: string): string {
  const label = STATE_LABEL[state];
  if (label) return label.split(':')[0]!;
  return plain(state.replace(/([a-z])([A-Z])/g, '$1 $2')).replace(/^./, (c) => c.toUpperCase());
}

/** Where a run stands, in words ("handed to a person", "a lead decides"): its heading's explanation, else its name. */
export function stateNow(state: string): string {
  const said = STATE_LABEL[state]?.split(': ')[1];
  return said ? said.charAt(0).toUpperCase() + said.slice(1) : stateName(state);
}

/**
 * Text the code wrote for a person (an escalation's reason, a failure) as a lead reads it: a step
 * name becomes its words ("CheckOrder" → "Check order"), a snake_case value its words, a Shopify gid
 * its kind and number ("LineItem 12"), a day in the page's one date format (daysInWords). The raw
 * text stays in the engineer's details.
 */
export function readable(text: string): string {
  return daysInWords(text)
    .replace(/gid:\/\/shopify\/(\w+)\/(\d+)/g, (_, kind: string, id: string) => `${kind.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()} ${id}`)
    .replace(/\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b/g, (word) => (STATE_LABEL[word] ? stateName(word).toLowerCase() : word))
    .split(/(\s+)/)
    .map((token) => (token.includes('@') || token.includes('://') ? token : token.replace(/\b[a-z]+(?:_[a-z]+)+\b/g, plain)))
    .join('');
}

const lookup =
  (table: Readonly<Record<string, string>>) =>
  (value: string | null | undefined): string =>
    value ? (table[value] ?? plain(value)) : '';

/** What the ticket asks: "asks for a refund". */
export const intentWords = lookup({
  refund_request: 'asks for a refund',
  refund_status: 'asks about an earlier refund',
  other: 'asks about something else',
});

/** Why, as the customer put it: "changed their mind". */
export const reasonWords = lookup({
  damaged: 'the item arrived damaged',
  defective: 'the item is defective',
  wrong_item: 'they got the wrong item',
  not_received: 'they did not receive it',
  changed_mind: 'changed their mind',
  other: 'another reason',
});

/** A signal in the ticket a person should weigh. */
export const riskWords = lookup({
  claims_prior_approval: 'says someone already approved this refund',
  instructions_to_system: 'contains instructions addressed to the refund system',
  mentions_earlier_refund: 'mentions an earlier refund',
  multiple_order_numbers: 'names more than one order',
});

/** What the customer asks for. */
export const remedyWords = lookup({
  refund: 'a refund',
  replacement: 'a replacement',
  store_credit: 'store credit',
  cancel: 'cancel the order',
  refund_status: 'news of an earlier refund',
  return: 'a return',
  exchange: 'an exchange',
  other: 'something else',
});

/** What the gate decided. */
export const decisionWords = lookup({
  auto: 'refund automatically, within policy',
  approval: 'a lead must approve',
  refuse: 'refused',
  answer: 'answered from the record (nothing refunded)',
});

/** How the run found its order. */
export const bindingWords = lookup({
  named: 'the customer named it',
  only_order: 'the customer’s only order',
  quoted: 'the customer quoted it',
  picked: 'a person picked it',
});

/** "English" for "en"; the code itself when the runtime does not know it. */
export function languageWords(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A note's text cut to a line: the first `max` characters, at a word, with an ellipsis. */
export function shortened(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : max)}…`;
}
