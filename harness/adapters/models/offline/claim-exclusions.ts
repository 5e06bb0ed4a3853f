// What a text leaves out of its claim: items after an exclusion marker ("everything except the
// kettle", "all but the lamp", "todo menos la tetera") are excluded, and the "all" before the
// marker claims the whole order; a count after the marker takes units off a line instead ("all
// except one candle", "all arrived broken except for one"). Linear.
import { matchExclusions, matchWholeOrder, wordSet } from './word-matchers.js';
import { ALL_BEFORE_EXCLUSION, MARKERS_AFTER_ALL } from './lexicon/exclusions.js';
import { countOf } from './quantity.js';
import type { SourceReading } from './source-reading.js';
import type { Span } from './segments.js';

export interface Exceptions {
  excluded: Set<number>;
  /** "everything except the kettle": the words claiming the whole order, first first. */
  wholeCores: Span[];
  /** "all except one candle": units off a line, with the words that say so. */
  lessByLine: Map<number, { n: number; span: Span }>;
  /** "all arrived broken except for one": units off the single line of that sentence. */
  lessBySentence: Map<number, { n: number; span: Span }>;
  /** Mentions that only say which units are left out ("one candle" in "all except one candle"). */
  exceptionMentions: Set<number>;
}

const ALL_BEFORE = wordSet(ALL_BEFORE_EXCLUSION);
const AFTER_ALL = wordSet(MARKERS_AFTER_ALL);
const FOR = wordSet(['for', 'de', 'fur', 'per', 'pour', 'para']);
/** How far before an exclusion marker its "all" word may stand ("todo llegó roto menos la tetera"). */
const ALL_REACH = 6;
/** How far after "except one" the item it counts may stand ("except one of the oak ones"). */
const ITEM_REACH = 4;

export function readExceptions(r: SourceReading, language: string): Exceptions {
  const { tokens, seg } = r;
  const out: Exceptions = { excluded: new Set(), wholeCores: [], lessByLine: new Map(), lessBySentence: new Map(), exceptionMentions: new Set() };
  const wholeStarts = new Set(matchWholeOrder(tokens).map((m) => m.from));
  const isAll = (i: number) => ALL_BEFORE.has(tokens[i]!.norm) || wholeStarts.has(i);
  // The first marker of a clause scopes it.
  const firstMarker = new Map<number, Span>();
  const note = (span: Span) => {
    const c = seg.clauseOf[span.from]!;
    if (!firstMarker.has(c)) firstMarker.set(c, span);
  };
  matchExclusions(tokens).forEach(note);
  let lastAll = -Infinity;
  tokens.forEach((t, i) => {
    if (AFTER_ALL.has(t.norm) && i - lastAll <= ALL_REACH && seg.sentenceOf[lastAll] === seg.sentenceOf[i]) note({ from: i, to: i + 1 });
    if (isAll(i)) lastAll = i;
  });
  const allBefore = (marker: Span) => {
    for (let i = marker.from - 1; i >= Math.max(0, marker.from - ALL_REACH) && seg.sentenceOf[i] === seg.sentenceOf[marker.from]; i--) {
      if (isAll(i)) return i;
    }
    return -1;
  };
  const mentionAt = new Map(r.mentions.map((m, k) => [m.from, k]));
  const counted = new Map<number, { n: number; end: number }>();
  for (const [c, marker] of firstMarker) {
    const at = FOR.has(tokens[marker.to]?.norm ?? '') ? marker.to + 1 : marker.to;
    const n = seg.clauseOf[at] === c ? countOf(tokens[at], language) : null;
    if (n === null) continue;
    counted.set(c, { n, end: at + 1 });
    const all = allBefore(marker);
    const from = all >= 0 ? all : marker.from;
    let item = -1;
    for (let i = at + 1; item < 0 && i <= at + ITEM_REACH && seg.clauseOf[i] === c; i++) item = mentionAt.get(i) ?? -1;
    const mention = r.mentions[item];
    if (mention && mention.lines.length === 1) {
      out.exceptionMentions.add(item);
      out.lessByLine.set(mention.lines[0]!, { n, span: { from, to: mention.to } });
    } else out.lessBySentence.set(seg.sentenceOf[marker.from]!, { n, span: { from, to: at + 1 } });
  }
  const ends = new Map<number, number>();
  r.mentions.forEach((m, k) => {
    const c = seg.clauseOf[m.from]!;
    const marker = firstMarker.get(c);
    if (!marker || m.from < marker.to || counted.has(c) || out.exceptionMentions.has(k)) return;
    m.lines.forEach((line) => out.excluded.add(line));
    ends.set(c, m.to);
  });
  for (const [c, marker] of firstMarker) {
    const all = counted.has(c) ? -1 : allBefore(marker);
    if (all >= 0) out.wholeCores.push({ from: all, to: ends.get(c) ?? marker.to });
  }
  return out;
}
