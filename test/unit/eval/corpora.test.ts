// The committed corpora of answers (eval/corpora/): each answer is one the pipeline accepts from a
// model today (its schema), the natural answers cover every golden ticket, and every wrong answer
// says how it is wrong.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ProposalAnswer, Triage } from '#harness/domain/types.js';
import { readCorpus, wrongClassesOf, WRONG_CLASSES } from '#harness/adapters/models/recorded/index.js';
import { loadGoldenSet } from '../../../eval/run/golden.js';

const dir = (name: string) => fileURLToPath(new URL(`../../../eval/corpora/${name}`, import.meta.url));
const golden = loadGoldenSet(fileURLToPath(new URL('../../../eval/golden', import.meta.url)));

describe.each(['natural', 'wrong'])('the %s answers', (name) => {
  const corpus = readCorpus(dir(name));

  it('answer triage and the order agent in the shapes the pipeline asks for today', () => {
    for (const [id, answers] of corpus) {
      for (const t of answers.triage ?? []) expect(Triage.safeParse(t).success, `${id} triage`).toBe(true);
      for (const p of answers.order_agent ?? []) expect(ProposalAnswer.safeParse(p).success, `${id} order agent`).toBe(true);
    }
  });

  it('are keyed by golden tickets, and by the other requests of a ticket with several ("<id>.r2")', () => {
    const ids = new Set(golden.tickets.map((t) => t.id));
    const severalIds = new Set(golden.tickets.filter((t) => t.category === 'several_requests').map((t) => t.id));
    const known = (id: string) => ids.has(id) || severalIds.has(id.replace(/\.r[2-5]$/, ''));
    expect([...corpus.keys()].filter((id) => !known(id))).toEqual([]);
  });
});

describe('the corpora', () => {
  it('answer every golden ticket naturally', () => {
    const answered = new Set(readCorpus(dir('natural')).keys());
    expect(golden.tickets.filter((t) => !answered.has(t.id)).map((t) => t.id)).toEqual([]);
  });

  it('give every wrong answer its class, and use each class but the order note (no golden order has one)', () => {
    const wrong = wrongClassesOf(dir('wrong'));
    expect(wrong.size).toBe(readCorpus(dir('wrong')).size);
    expect(new Set(wrong.values())).toEqual(new Set(WRONG_CLASSES.filter((c) => c !== 'quote_from_order_note')));
  });
});
