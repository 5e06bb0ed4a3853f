// A list of what never came is no exclusion (a false-positive class of the natural answers): "Nothing
// has turned up, not the glasses, not the coasters" claims both items, in English and as each of the
// six languages lists them; "not the" keeps excluding where no words say nothing came.
import { describe, expect, it } from 'vitest';
import { RULES } from '#harness/policy/index.js';
import { order, proposal, rulesOf } from './grounding-support.js';

const twoIn = (glasses: string, coasters: string) =>
  order([
    { id: '1', title: glasses, quantity: 1, price: 3200 },
    { id: '2', title: coasters, quantity: 1, price: 1200 },
  ]);
const both = (text: string, glasses: string, coasters: string) => {
  const facts = twoIn(glasses, coasters);
  return rulesOf(
    text,
    facts,
    proposal(
      facts,
      [
        ['1', 1, text],
        ['2', 1, text],
      ],
      { reason: 'not_received' },
    ),
  );
};

describe('a list of what never came', () => {
  it.each([
    ['en', 'Wine glasses', 'Cork coasters', 'Nothing has turned up, not the glasses, not the coasters.'],
    ['en', 'Wine glasses', 'Cork coasters', 'None of it arrived: not the glasses and not the coasters.'],
    ['es', 'Copas de vino', 'Posavasos de corcho', 'No ha llegado nada, ni las copas ni los posavasos.'],
    ['pt', 'Copos de vinho', 'Bases de cortiça', 'Não chegou nada, nem os copos nem as bases.'],
    ['fr', 'Verres à vin', 'Sous-verres en liège', "Rien n'est arrivé, ni les verres ni les sous-verres."],
    ['de', 'Weingläser', 'Korkuntersetzer', 'Es ist nichts angekommen, weder die Weingläser noch die Korkuntersetzer.'],
    ['it', 'Bicchieri da vino', 'Sottobicchieri in sughero', 'Non è arrivato niente, né i bicchieri né i sottobicchieri.'],
  ])('%s: claims every item listed (%s, %s)', (_lang, glasses, coasters, text) => {
    expect(both(text, glasses, coasters)).not.toContain(RULES.lineExcludedByCustomer);
  });

  it('still leaves out an item after "not the" where no words say nothing came', () => {
    const text = 'The glasses arrived cracked. Nothing else is broken, not the coasters.';
    expect(both(text, 'Wine glasses', 'Cork coasters')).toContain(RULES.lineExcludedByCustomer);
    const kept = 'The glasses never arrived, but not the coasters: those came fine.';
    expect(both(kept, 'Wine glasses', 'Cork coasters')).toContain(RULES.lineExcludedByCustomer);
  });
});
