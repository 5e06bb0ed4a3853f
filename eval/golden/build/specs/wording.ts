// Specs: everyday_wording — tickets written in the wording classes that once read wrongly (issue
// #37), ten or more each: an order reference in parentheses beside an item, one count word before
// two items ("both the X and the Y"), and damage said as a participle ("arrived dented"), in the
// six languages. Written by a helper session that saw the catalogue, the policy and the DSL, never
// the grounding checks, the offline model or its lexicons.
// The tickets of each class are in a file of their own, in this order (ids are allocated in it).
import type { Spec } from '../dsl.js';
import { WORDING_BRACKETS } from './wording-brackets.js';
import { WORDING_COUNTS } from './wording-counts.js';
import { WORDING_PARTICIPLES } from './wording-participles.js';

export const everyday_wording: Spec[] = [...WORDING_BRACKETS, ...WORDING_COUNTS, ...WORDING_PARTICIPLES];
