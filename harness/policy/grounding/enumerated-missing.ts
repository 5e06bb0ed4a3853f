// "Nothing has turned up, not the glasses, not the coasters": after words saying that nothing (none,
// neither) of the order came, "not the X" lists what did not come, and excludes nothing from the claim.
// Only there: "nothing else is broken, not the plate" still leaves the plate out, and so does any "not
// the" with no such words before it in its sentence. English only: "not the" is an English marker;
// the other languages list with "ni", "nem", "weder … noch", "né", which are no exclusion markers.
import { ARRIVAL_PREFIXES } from './lexicon/whole-order.js';

const NOTHING = new Set(['nothing', 'none', 'neither']);
/** How far after "nothing" its arrival verb may stand ("nothing has ever turned up", "none of it arrived"). */
const REACH = 4;

const arrives = (word: string) => ARRIVAL_PREFIXES.some((p) => word.startsWith(p));

/** Does the sentence, before the "not" at `at`, say that nothing of the order came? */
export function listsWhatNeverCame(words: readonly string[], at: number): boolean {
  if (words[at] !== 'not') return false;
  const before = words.slice(0, at);
  return before.some((w, i) => NOTHING.has(w) && before.slice(i + 1, i + 1 + REACH).some(arrives));
}
