// One ticket, several requests (issue #37; docs/policy.md "One ticket, several requests"), end to end
// through the local runtime: a customer asks in one ticket for a refund on one order and a cancel of
// another. Two runs open, each bound, grounded and gated on its own: the mug's refund is automatic, the
// cancel waits for a lead (its own holding note); once both have ended, one combined draft is left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '#local/runtime.js';
import { TWO_REQUESTS, twoOrdersFixture } from '../support/two-orders.js';
import {
  decide,
  formTokenOf,
  getRun,
  linksIn,
  postWebhook,
  settled,
  startRuntime,
  storeRefunds,
  ticketCreated,
  ticketNotes,
  waitForEmails,
  waitForRun,
  type RunView,
} from '../support/local-runtime.js';

const ended = (r: RunView) => settled(r) || r.status === 'pending_review';
const waitingOrEnded = (r: RunView) => r.status === 'awaiting_approval' || ended(r);

describe('a ticket with a refund on one order and a cancel of another', () => {
  let rt: LocalRuntime;
  beforeAll(async () => {
    rt = await startRuntime({ fixture: twoOrdersFixture(), policy: { cancelUnfulfilled: true } });
  });
  afterAll(async () => {
    await rt.close();
  });

  it('opens a run per order: the refund made at once, the cancel after a lead approves, then one combined draft', async () => {
    const { json } = await postWebhook(rt, ticketCreated({ ticketId: '5004', requesterId: '9004', text: TWO_REQUESTS }));
    const first = await waitForRun(rt, json.runId as string, ended);

    // The first run took the first request: the mug's order, refunded automatically, its part held for the one reply.
    expect(first.ticketRequests).toMatchObject({ index: 1, rootRunId: first.runId });
    expect(first.ticketRequests.runIds).toHaveLength(2);
    expect(first.status).toBe('done');
    expect(first.refund).toMatchObject({ orderNumber: '1010', amountMinor: 1800 });
    expect(first.draft).toMatchObject({ noteId: null, check: { passed: true } });
    expect(await storeRefunds(rt, '1010')).toHaveLength(1);

    // The second run, opened by the run starter, binds to order 1004 and waits for a lead with its own holding note.
    const secondId = first.ticketRequests.runIds[1] as string;
    const waiting = await waitForRun(rt, secondId, waitingOrEnded);
    expect(waiting.status).toBe('awaiting_approval');
    expect(waiting.order.orderNumber).toBe('1004');
    expect(waiting.proposal.remedy).toBe('cancel');
    expect(waiting.ticketRequests).toMatchObject({ index: 2, rootRunId: first.runId });
    const before = (await ticketNotes(rt, '5004')).map((n) => n.body);
    expect(before.some((b) => b.includes('cancel order #1004'))).toBe(true);
    // No reply yet: the ticket's requests have not all ended.
    expect(before.some((b) => b.includes('Customer support'))).toBe(false);

    const email = (await waitForEmails(rt, 1)).find((m) => (m.body.text ?? '').includes('#1004'))!;
    const [link] = linksIn(email);
    expect((await decide(link!, 'approve', await formTokenOf(link!))).status).toBe(200);
    const second = await waitForRun(rt, secondId, ended);
    expect(second.status).toBe('done');
    expect(second.refund).toMatchObject({ orderNumber: '1004', amountMinor: 2400 });

    // One combined draft, left by the run that ended last: both parts, greeted and signed once.
    const last = (await getRun(rt, secondId))!;
    const combined = last.combinedDraft;
    expect(combined.runIds).toEqual(first.ticketRequests.runIds);
    const notes = (await ticketNotes(rt, '5004')).map((n) => n.body);
    const replies = notes.filter((b) => b.includes('Customer support'));
    expect(replies).toEqual([combined.body]);
    expect(combined.body.match(/^Hello Dev,/gm)).toHaveLength(1);
    expect(combined.body).toContain('#1010');
    expect(combined.body).toContain('$18.00');
    expect(combined.body).toContain('#1004');
    expect(combined.body).toContain('$24.00');
    expect(combined.body.indexOf('#1010')).toBeLessThan(combined.body.indexOf('#1004'));
  });
});
