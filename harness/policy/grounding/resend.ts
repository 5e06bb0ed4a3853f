// "Could you send the apron please?": a sentence whose verb of sending has a claimed item beside it
// asks for the item, not for money, whatever sentence says it was missing or broken. Not when the
// sentence sends it back, or asks for money back or a return ("can I send the vase back", "send me a
// label to return the lamp"): those are the customer's own sending. The verbs are those of asking the
// store to send (not "post" or "mail", nouns as often: "the mug broke in the post").
import { REFUND_WISH_PREFIXES } from './lexicon.js';
import { BACK_WORDS, SEND_WORDS } from './lexicon/counting.js';
import { namesItem } from './mentions.js';
import type { Sentences } from './words.js';

/** Words either side of the verb an object may stand ("send the missing apron", "die Schürze schicken"). */
const REACH = 4;

const backOrRefund = (words: readonly string[]) => words.some((w) => BACK_WORDS.has(w) || REFUND_WISH_PREFIXES.some((p) => w.startsWith(p)));

/** Does a sentence ask for one of the claimed items (`claimedStems`, one list of stems per line) to be sent? */
export function asksToSendItem(text: Sentences, claimedStems: readonly (readonly string[])[]): boolean {
  const stems = claimedStems.filter((s) => s.length > 0);
  if (stems.length === 0) return false;
  return text.some(
    (words) =>
      !backOrRefund(words) &&
      words.some((w, i) => SEND_WORDS.has(w) && words.slice(Math.max(0, i - REACH), i + REACH + 1).some((x) => stems.some((own) => namesItem(x, own)))),
  );
}
