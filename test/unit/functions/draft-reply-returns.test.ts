// DraftReply picks the moment its reply tells from the run (replyOutcomeOf): a return opened and
// awaiting its parcel, a return closed with nothing refunded, a return refunded on receipt, or a
// refund as before; the reply agent gets that moment's facts, the tenant's return address among them.
// Real harness, offline reply agent.
import { describe, expect, it } from 'vitest';
import { createDraftReply } from '#functions/steps/draft-reply/use-case.js';
import { MissingStepDataError } from '#functions/shared/errors.js';
import type { Run } from '#functions/shared/domain/run.js';
import { setupSteps } from '../../support/steps.js';
import { RETURN_ADDRESS, returnRun } from './support/return-case.js';

async function draftFor(run: Run, tenant?: { returnAddress?: string }) {
  const s = setupSteps();
  await s.stores.runs.create(run);
  const result = await createDraftReply({ ...s.deps, ...(tenant ? { tenant } : {}) })({ runId: run.runId });
  const rows = await s.stores.journal.listByRun(run.runId);
  const asked = rows.find((r) => r.kind === 'model' && r.name === 'reply_agent');
  return { result, draft: (await s.stores.runs.get(run.runId))?.draft, asked: JSON.parse(asked?.input ?? '{}') as { input?: Record<string, unknown> } };
}

describe('DraftReply at a return', () => {
  it('drafts the return opened, with the tenant address, while the parcel is awaited', async () => {
    const { result, draft, asked } = await draftFor(returnRun({ feeMinor: 500 }), { returnAddress: RETURN_ADDRESS });

    expect(result).toEqual({ outcome: 'continue' });
    expect(asked.input).toMatchObject({ outcome: 'return_opened', amount: '$40.00', instructions: { kind: 'address', address: RETURN_ADDRESS } });
    expect(draft?.body).toContain('We have opened return #1001-R1 for order #1001');
    expect(draft?.body).toContain(RETURN_ADDRESS);
    expect(draft).toMatchObject({ language: 'en', check: null, noteId: null });
  });

  it('asks the team for the instructions when the tenant has no return address and the store no label', async () => {
    const { draft, asked } = await draftFor(returnRun());

    expect(asked.input).toMatchObject({ outcome: 'return_opened', instructions: { kind: 'missing' } });
    expect(draft?.body).toContain('[For the team: add how to send the parcel back');
  });

  it('drafts the refund on receipt, naming the return', async () => {
    const { draft, asked } = await draftFor(returnRun({ status: 'refunded', feeMinor: 500 }));

    expect(asked.input).toMatchObject({ outcome: 'refunded', returnName: '#1001-R1', fee: '$5.00' });
    expect(draft?.body).toContain('We have refunded $40.00 for order #1001');
  });

  it('drafts the note for a return closed with nothing refunded', async () => {
    const { draft, asked } = await draftFor(returnRun({ status: 'closed' }));

    expect(asked.input).toMatchObject({ outcome: 'return_closed', amount: null });
    expect(draft?.body).toContain('has been closed');
  });

  it('still needs a refund receipt when the run tells a refund', async () => {
    const { returnCase: _r, ...noReturn } = returnRun();

    await expect(draftFor({ ...noReturn, refund: null })).rejects.toBeInstanceOf(MissingStepDataError);
  });
});
