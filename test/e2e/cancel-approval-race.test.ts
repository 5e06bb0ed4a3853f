// Issue 12, "Races and hostile input": a cancel sent 0–80 ms after an approve POST, through the local
// runtime over real HTTP, many trials with controlled timing. Whatever the interleaving, the run tells
// the truth about the money: a refund was issued ⇔ the run is done with its receipt and a note for
// the team; no refund ⇔ the run is cancelled; never 'running' once the cancel has settled. And the
// approver is told the truth (issue 25): "the refund will be issued now" ⇔ a refund was issued; a
// page that lost to the cancel says no refund was made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFixture } from '#local/sandbox/index.js';
import type { SandboxFixture } from '#local/sandbox/fixture.js';
import { startLocalRuntime, type LocalRuntime } from '#local/runtime.js';
import {
  APPROVER,
  SECRET,
  capturedEmails,
  decide,
  formTokenOf,
  getRun,
  linksIn,
  postWebhook,
  storeRefunds,
  ticketCreated,
  ticketNotes,
  waitForRun,
  type RunView,
} from '../support/local-runtime.js';

const TRIALS = 12;
const MAX_DELAY_MS = 80;

/** The demo store plus one customer per trial, each with a $62 blanket order (above the auto limit: needs approval). */
function raceFixture(): SandboxFixture {
  const base = demoFixture();
  const trial = Array.from({ length: TRIALS }, (_, i) => ({
    customer: { id: String(7201 + i), email: `race${i}@example.com`, name: `Race Customer ${i}`, helpdeskUserId: String(9201 + i) },
    order: {
      number: 2201 + i,
      customerId: String(7201 + i),
      createdDaysAgo: 8,
      fulfilledDaysAgo: 5,
      lineItems: [{ id: String(12201 + i), title: 'Wool throw blanket', sku: `THROW-${i}`, quantity: 1, unitPriceMinor: 6200 }],
    },
    user: { id: String(9201 + i), email: `race${i}@example.com`, name: `Race Customer ${i}` },
    ticket: { id: String(5201 + i), requesterId: String(9201 + i), subject: 'Blanket has a hole' },
  }));
  return {
    ...base,
    customers: [...base.customers, ...trial.map((t) => t.customer)],
    orders: [...base.orders, ...trial.map((t) => t.order)],
    helpdesk: { users: [...base.helpdesk.users, ...trial.map((t) => t.user)], tickets: [...base.helpdesk.tickets, ...trial.map((t) => t.ticket)] },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const LIVE = new Set(['running', 'awaiting_approval']);

/** Waits until the execution ended and the run row stopped changing (a step in flight may still write after an abort). */
async function settledRun(rt: LocalRuntime, runId: string): Promise<RunView> {
  await rt.engine.waitFor(runId);
  const closed = await waitForRun(rt, runId, (r) => !LIVE.has(r.status), 5_000).catch(async () => (await getRun(rt, runId))!);
  for (let stable = closed; ;) {
    await sleep(400);
    const again = (await getRun(rt, runId))!;
    if (again.status === stable.status && JSON.stringify(again.refund) === JSON.stringify(stable.refund) && again.updatedAt === stable.updatedAt) return again;
    stable = again;
  }
}

describe('a cancel racing an approval', () => {
  let rt: LocalRuntime;
  beforeAll(async () => {
    rt = await startLocalRuntime({ port: 0, fixture: raceFixture(), tenant: 'demo', approverEmails: [APPROVER], zendeskSecret: SECRET, retryIntervalMs: 0 });
  }, 60_000);
  afterAll(async () => rt?.close());

  it(`never moves money silently: refund ⇔ done with receipt and note, no refund ⇔ cancelled (${TRIALS} trials, cancel 0–${MAX_DELAY_MS} ms after approve)`, async () => {
    const outcomes: Array<{ delayMs: number; cancel: number; page: number; refunds: number; status: string; state: string; problem: string | null }> = [];
    for (let i = 0; i < TRIALS; i++) {
      const orderNumber = String(2201 + i);
      const ticketId = String(5201 + i);
      const { json } = await postWebhook(
        rt,
        ticketCreated({ ticketId, requesterId: String(9201 + i), text: `The wool throw blanket from order #${orderNumber} arrived damaged. Refund please.` }),
      );
      const runId = json.runId as string;
      await waitForRun(rt, runId, (r) => r.status === 'awaiting_approval' || r.status === 'done' || r.status === 'escalated');
      const link = linksIn((await capturedEmails(rt)).at(-1)!)[0]!;
      const formToken = await formTokenOf(link);

      // Act: approve, then cancel after a controlled delay, both over HTTP.
      const delayMs = Math.round((i * MAX_DELAY_MS) / (TRIALS - 1));
      const approving = decide(link, 'approve', formToken);
      await sleep(delayMs);
      const cancel = await fetch(`${rt.urls.runs}/${runId}/cancel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'customer withdrew the claim' }),
      });
      const page = await approving;
      const promised = page.status === 200 && page.html.includes('The refund will be issued now');
      const toldNone = page.status === 409 && page.html.includes('no refund was made');

      // Assess: the invariant, once everything settled.
      const run = await settledRun(rt, runId);
      const refunds = await storeRefunds(rt, orderNumber);
      const notes = (await ticketNotes(rt, ticketId)).map((n) => n.body);
      const execution = await rt.engine.waitFor(runId);
      let problem: string | null = null;
      if (run.status === 'running' || run.status === 'awaiting_approval') problem = `run left ${run.status} in state ${run.state}`;
      else if (execution.status === 'FAILED') problem = `the execution failed (${execution.error?.Error}): nobody finished the run`;
      else if (refunds.length > 1) problem = `${refunds.length} refunds`;
      else if (refunds.length === 1) {
        if (run.status !== 'done') problem = `refunded but the run is ${run.status}`;
        else if (run.refund?.refundId !== refunds[0]!.id) problem = 'refunded but the run has no receipt of it';
        else if (!notes.some((body) => !body.includes('Waiting for a lead'))) problem = 'refunded but no note tells the team';
        else if (run.cancellation && !notes.some((body) => body.includes('refunded after a cancel was requested')))
          problem = 'refunded after a cancel, and no note says so';
      } else if (run.status !== 'cancelled') problem = `no refund but the run is ${run.status}`;
      else if (cancel.status !== 202) problem = `no refund, cancelled, yet the cancel answered ${cancel.status}`;
      if (!problem && refunds.length === 1 && !promised) problem = `refunded, but the approver's page (${page.status}) did not say the refund will be issued`;
      if (!problem && refunds.length === 0 && !toldNone) problem = `no refund, but the approver's page (${page.status}) did not say so`;
      outcomes.push({ delayMs, cancel: cancel.status, page: page.status, refunds: refunds.length, status: run.status, state: run.state, problem });
    }

    expect(
      outcomes.filter((o) => o.problem),
      JSON.stringify(outcomes, null, 1),
    ).toEqual([]);
  }, 240_000);
});
