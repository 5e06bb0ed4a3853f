// One ticket, several requests, step by step over the real harness, in-memory stores and the offline
// models: Triage splits the requests (the ticket's ledger opened, the first run narrowed, the other
// request's run asked for); the run starter opens that run once and only once the split is on the
// first run; two Gates deciding at once over one ticket's ledger spend its automatic limit once.
import { describe, expect, it } from 'vitest';
import { createTriage } from '#functions/steps/triage/use-case.js';
import { createGate } from '#functions/steps/gate/use-case.js';
import { openRequestRun, RequestNotSplitError } from '#functions/intake/run-starter/request-run.js';
import { createStartRerun } from '#functions/intake/run-starter/rerun.js';
import type { QueuedTicket, RequestRunOpener } from '#functions/shared/queue.js';
import { requestRunId } from '#functions/shared/domain/ticket-requests.js';
import { RULES } from '#harness/policy/rules.js';
import { makeOrder, makeProposal, makeRun, makeTriage, recordingWorkflow, setupSteps } from '../../support/steps.js';
import { makeFacts } from '../../support/fixtures.js';

const TWO = 'Order 1010: the mug arrived cracked, please refund it. And please cancel order 1004, it has not shipped yet.';

function setup() {
  const s = setupSteps();
  const asked: QueuedTicket[] = [];
  const requestRuns: RequestRunOpener = {
    async open(root, request) {
      asked.push({ runId: request.runId, event: root.ticket, request: { rootRunId: root.runId, index: request.index } });
    },
  };
  return { ...s, asked, triage: createTriage({ ...s.deps, tickets: s.stores.tickets, requestRuns }) };
}

describe('Triage of a ticket with a request on each of two orders', () => {
  it('narrows the first run to the first request, opens the ledger with both runs, and asks for the second run', async () => {
    const s = setup();
    const base = makeRun({ runId: 'run-t', state: 'Queued', triage: null });
    await s.stores.runs.create({ ...base, ticket: { ...base.ticket, subject: 'Two orders', body: TWO } });

    expect(await s.triage({ runId: 'run-t' })).toEqual({ outcome: 'continue' });

    const run = (await s.stores.runs.get('run-t'))!;
    const second = requestRunId('run-t', 2);
    expect(run.triage).toMatchObject({ orderNumber: '1010', orderQuote: expect.stringContaining('1010') });
    expect(run.triage!.requests).toBeUndefined();
    expect(run.ticketRequests).toMatchObject({ rootRunId: 'run-t', index: 1, runIds: ['run-t', second] });
    expect(run.ticketRequests!.requests.map((r) => [r.orderNumber, r.remedy])).toEqual([
      ['1010', 'refund'],
      ['1004', 'cancel'],
    ]);
    expect(await s.stores.tickets.get('run-t')).toMatchObject({ runIds: ['run-t', second], refunds: [] });
    expect(s.asked.map((m) => [m.runId, m.request])).toEqual([[second, { rootRunId: 'run-t', index: 2 }]]);

    // The run starter opens the second run once: narrowed to the cancel on 1004, no model read again.
    const workflow = recordingWorkflow();
    const opener = { runs: s.stores.runs, workflow: workflow.engine, clock: s.clock };
    const first = await openRequestRun(opener, { ...s.asked[0]!, request: s.asked[0]!.request! });
    const again = await openRequestRun(opener, { ...s.asked[0]!, request: s.asked[0]!.request! });
    expect([first.created, again.created]).toEqual([true, false]);
    const opened = (await s.stores.runs.get(second))!;
    expect(opened.triage).toMatchObject({ orderNumber: '1004', itemHints: expect.any(Array) });
    expect(opened.ticketRequests).toMatchObject({ index: 2, rootRunId: 'run-t' });
    expect(workflow.starts.map((x) => x.name)).toEqual([second, second]);
    const journalBefore = (await s.stores.journal.listByRun(second)).length;
    expect(await s.triage({ runId: second })).toEqual({ outcome: 'continue' });
    expect((await s.stores.journal.listByRun(second)).length).toBe(journalBefore);
  });

  it('re-runs an escalated request as that request: its reading and place kept, no model read, nothing split again', async () => {
    const s = setup();
    const base = makeRun({ runId: 'run-r', state: 'Queued', triage: null });
    await s.stores.runs.create({ ...base, ticket: { ...base.ticket, subject: 'Two orders', body: TWO } });
    await s.triage({ runId: 'run-r' });
    await s.stores.runs.update('run-r', { status: 'escalated' });
    const started = await createStartRerun({ runs: s.stores.runs, workflow: recordingWorkflow().engine, clock: s.clock })({ runId: 'run-r', by: 'lead' });
    expect(started.kind).toBe('started');
    const rerunId = (started as { rerunId: string }).rerunId;
    const rerun = (await s.stores.runs.get(rerunId))!;
    expect(rerun.ticketRequests).toMatchObject({ rootRunId: 'run-r', index: 1 });
    expect(rerun.triage).toMatchObject({ orderNumber: '1010' });
    const journal = (await s.stores.journal.listByRun(rerunId)).length;
    expect(await s.triage({ runId: rerunId })).toEqual({ outcome: 'continue' });
    expect((await s.stores.journal.listByRun(rerunId)).length).toBe(journal);
    expect(s.asked.every((m) => m.request?.rootRunId === 'run-r')).toBe(true);
  });

  it("retries a request's run until the first run holds the split", async () => {
    const s = setup();
    await s.stores.runs.create(makeRun({ runId: 'run-u' }));
    const message = { runId: requestRunId('run-u', 2), event: makeRun().ticket, request: { rootRunId: 'run-u', index: 2 } };
    await expect(openRequestRun({ runs: s.stores.runs, workflow: recordingWorkflow().engine, clock: s.clock }, message)).rejects.toThrow(RequestNotSplitError);
  });

  it('keeps a ticket about one order one run', async () => {
    const s = setup();
    await s.stores.runs.create(makeRun({ runId: 'run-v', state: 'Queued', triage: null }));
    await s.triage({ runId: 'run-v' });
    expect((await s.stores.runs.get('run-v'))!.ticketRequests).toBeUndefined();
    expect(s.asked).toEqual([]);
  });
});

describe('two Gates of one ticket deciding at once', () => {
  it('refund automatically only as far as the limit allows the ticket: $45 + $45 is one automatic refund and one approval', async () => {
    const s = setupSteps({ orders: [makeOrder({ unitPriceMinor: 4500 })] });
    const gate = createGate({ ...s.deps, tickets: s.stores.tickets });
    const ids = ['run-w', requestRunId('run-w', 2)];
    await s.stores.tickets.open('run-w', ids);
    for (const [k, runId] of ids.entries()) {
      const facts = makeFacts({}, makeOrder({ unitPriceMinor: 4500 }));
      const requests = ids.map((_, j) => ({
        orderNumber: '1001',
        orderQuote: null,
        remedy: 'refund' as const,
        reason: 'damaged' as const,
        itemHints: [`item${j}`],
      }));
      await s.stores.runs.create({
        ...makeRun({ runId, state: 'Gate', triage: makeTriage(), order: facts, proposal: makeProposal(facts) }),
        ticketRequests: { rootRunId: 'run-w', index: k + 1, runIds: ids, requests },
      });
    }
    const decided = await Promise.all(ids.map((runId) => gate({ runId })));
    const decisions = decided.map((d) => ('decision' in d ? d.decision : null)).sort();
    expect(decisions).toEqual(['approval', 'auto']);
    const approval = (await Promise.all(ids.map((id) => s.stores.runs.get(id)))).find((r) => r!.gate!.decision === 'approval')!;
    expect(approval.gate!.rules).toEqual([RULES.ticketOverAutoLimit]);
    expect((await s.stores.tickets.get('run-w'))!.refunds.map((r) => r.amountMinor)).toEqual([4500]);
  });
});
