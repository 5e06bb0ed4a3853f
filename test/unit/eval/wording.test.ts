// The reworded golden set: a second wording of every ticket, applied over the golden set's labels.
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { loadGoldenSet } from '../../../eval/run/golden.js';
import { applyWording, loadWording } from '../../../eval/run/wording.js';

const golden = loadGoldenSet(fileURLToPath(new URL('../../../eval/golden', import.meta.url)));
const reworded = loadWording(fileURLToPath(new URL('../../../eval/corpora/reworded/wording.json', import.meta.url)));
const digits = (text: string) => (text.match(/\d{4}/g) ?? []).sort();

describe('the reworded tickets', () => {
  it('reword every golden ticket and nothing else, keeping labels, requesters and helpdesks', () => {
    const set = applyWording(golden, reworded);
    expect(set.tickets.map((t) => t.id)).toEqual(golden.tickets.map((t) => t.id));
    set.tickets.forEach((t, i) => {
      const original = golden.tickets[i]!;
      expect({ label: t.label, claim: t.claim, requester: t.requester, helpdesk: t.helpdesk }).toEqual({
        label: original.label,
        claim: original.claim,
        requester: original.requester,
        helpdesk: original.helpdesk,
      });
    });
  });

  it('change the words but keep every order number the customer wrote', () => {
    const changed = golden.tickets.filter((t) => reworded.find((w) => w.id === t.id)!.body !== t.body);
    expect(changed.length).toBe(golden.tickets.length);
    for (const t of golden.tickets) {
      const w = reworded.find((x) => x.id === t.id)!;
      const before = digits([t.subject, t.body, ...(t.followUps ?? [])].join(' ')).filter((d) => String(t.claim.orderNumber ?? '') === d);
      const after = digits([w.subject, w.body, ...(w.followUps ?? [])].join(' '));
      for (const d of new Set(before)) expect(after, `${t.id} keeps order ${d}`).toContain(d);
    }
  });

  it('refuse a wording that lacks a ticket, so a score never mixes two wordings', () => {
    expect(() => applyWording(golden, reworded.slice(1))).toThrow(/lacks 1 golden ticket/);
  });
});
