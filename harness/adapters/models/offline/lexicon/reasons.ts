// Why the customer complains, in six languages: checked in this order, the first reason found wins
// (a defect before damage: "broken, it does not switch on" is a defect). Items not received, wrong
// items, defects, damage verbs and nouns, a change of mind. Data only.
import type { RefundReason } from '../../../../domain/types.js';
import { CHANGED_MIND_WORDS } from './reasons/changed-mind.js';
import { DAMAGED_WORDS } from './reasons/damaged.js';
import { DEFECTIVE_WORDS } from './reasons/defective.js';
import { NOT_RECEIVED_WORDS } from './reasons/not-received.js';
import { WRONG_ITEM_WORDS } from './reasons/wrong-item.js';

/** Leaks: a defect (word-matchers.ts), unless the item is also said to be damaged ("cracked, it leaks"). */
export const LEAK_WORDS = ['leaking', 'leaks', 'leak', 'gotea', 'pierde agua', 'vaza', 'vazando', 'fuit', 'undicht', 'tropft', 'perde acqua'];

/** One list per reason, under reasons/; the order is the order of the checks. */
export const REASON_WORDS: ReadonlyArray<readonly [RefundReason, readonly string[]]> = [
  ['not_received', NOT_RECEIVED_WORDS],
  ['wrong_item', WRONG_ITEM_WORDS],
  ['defective', DEFECTIVE_WORDS],
  ['damaged', DAMAGED_WORDS],
  ['changed_mind', CHANGED_MIND_WORDS],
];
