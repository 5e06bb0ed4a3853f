// The ApprovalStore contract (harness/ports.ts): an approval is created once; decided once, only
// while pending and with its form token (approve, reject, expire or cancel); spent on one refund's
// idempotency key; and RequestApproval's progress is recorded only while it is pending.
import { describe, expect, it } from 'vitest';
import { RecordExistsError } from '#harness/adapters/errors.js';
import type { ApprovalStore } from '#harness/ports.js';
import type { MakeStores } from '../../support/store-backends.js';
import { NOW, approvalRecord, at, freshStores } from './fixtures.js';

type Decision = Parameters<ApprovalStore['decide']>[0];
const decision = (status: Decision['status'], overrides: Partial<Decision> = {}): Decision => ({
  approvalId: 'apr-1',
  formToken: 'form-1',
  status,
  decidedBy: status === 'approved' || status === 'rejected' ? 'lead@example.com' : null,
  decidedAt: at(60),
  reason: status === 'rejected' ? 'not damaged in the photo' : null,
  ...overrides,
});

export function describeApprovalStoreContract(name: string, makeStores: MakeStores) {
  describe(`ApprovalStore contract: ${name}`, () => {
    describeCreateAndDecide(makeStores);
    describeConsume(makeStores);
    describeProgress(makeStores);
  });
}

async function withApproval(makeStores: MakeStores, overrides: Parameters<typeof approvalRecord>[1] = {}) {
  const stores = await freshStores(makeStores);
  await stores.approvals.create(approvalRecord('apr-1', overrides));
  return stores;
}

function describeCreateAndDecide(makeStores: MakeStores) {
  it('creates an approval that get returns whole, and answers null for an unknown id', async () => {
    const { approvals } = await withApproval(makeStores, { holdingNoteAt: null, emailedTo: [] });

    expect(await approvals.get('apr-1')).toEqual(approvalRecord('apr-1', { holdingNoteAt: null, emailedTo: [] }));
    expect(await approvals.get('apr-unknown')).toBeNull();
  });

  it('refuses a second approval with the same id (RecordExistsError) and keeps the first', async () => {
    const { approvals } = await withApproval(makeStores);

    await expect(approvals.create(approvalRecord('apr-1', { amountMinor: 99_900 }))).rejects.toThrow(RecordExistsError);

    expect((await approvals.get('apr-1'))?.amountMinor).toBe(6200);
  });

  it('refuses a record that is not an approval record, and keeps nothing of it', async () => {
    const { approvals } = await freshStores(makeStores);

    await expect(approvals.create(approvalRecord('apr-1', { amountMinor: 62.5 }))).rejects.toThrow();

    expect(await approvals.get('apr-1')).toBeNull();
  });

  for (const status of ['approved', 'rejected', 'expired', 'cancelled'] as const) {
    it(`decides a pending approval ${status} with its form token, and returns the record after`, async () => {
      const { approvals } = await withApproval(makeStores);
      const { approvalId: _id, formToken: _token, ...fields } = decision(status);

      const decided = await approvals.decide(decision(status));

      expect(decided).toEqual(approvalRecord('apr-1', fields));
      expect(await approvals.get('apr-1')).toEqual(decided);
    });
  }

  it('refuses a decision with another form token, and changes nothing', async () => {
    const { approvals } = await withApproval(makeStores);

    expect(await approvals.decide(decision('approved', { formToken: 'forged' }))).toBeNull();

    expect(await approvals.get('apr-1')).toEqual(approvalRecord('apr-1'));
  });

  it('decides once: a second decision, or an approval after it expired, is refused', async () => {
    const { approvals } = await withApproval(makeStores);
    await approvals.decide(decision('expired'));

    expect(await approvals.decide(decision('approved'))).toBeNull();
    expect(await approvals.decide(decision('expired', { decidedAt: at(120) }))).toBeNull();

    expect(await approvals.get('apr-1')).toMatchObject({ status: 'expired', decidedBy: null, decidedAt: at(60) });
  });

  it('answers null for a decision on an unknown approval, and creates none', async () => {
    const { approvals } = await freshStores(makeStores);

    expect(await approvals.decide(decision('approved', { approvalId: 'apr-unknown' }))).toBeNull();
    expect(await approvals.get('apr-unknown')).toBeNull();
  });

  it('lets exactly one of racing decisions win', async () => {
    const { approvals } = await withApproval(makeStores);

    const outcomes = await Promise.all([
      approvals.decide(decision('approved')),
      approvals.decide(decision('rejected')),
      approvals.decide(decision('expired')),
      approvals.decide(decision('approved', { decidedBy: 'other-lead@example.com' })),
    ]);

    const winners = outcomes.filter((o) => o !== null);
    expect(winners).toHaveLength(1);
    expect(await approvals.get('apr-1')).toEqual(winners[0]);
  });
}

function describeConsume(makeStores: MakeStores) {
  it('spends an approved approval on one idempotency key, and again on the same key (a resumed refund)', async () => {
    const { approvals } = await withApproval(makeStores);
    await approvals.decide(decision('approved'));

    expect(await approvals.consume('apr-1', 'ra1_key', at(70))).toBe(true);
    expect(await approvals.consume('apr-1', 'ra1_key', at(90))).toBe(true);

    expect(await approvals.get('apr-1')).toMatchObject({ status: 'approved', usedBy: 'ra1_key', usedAt: at(70) });
  });

  it('refuses to spend it on another key once spent', async () => {
    const { approvals } = await withApproval(makeStores);
    await approvals.decide(decision('approved'));
    await approvals.consume('apr-1', 'ra1_key', at(70));

    expect(await approvals.consume('apr-1', 'ra1_other', at(80))).toBe(false);

    expect(await approvals.get('apr-1')).toMatchObject({ usedBy: 'ra1_key', usedAt: at(70) });
  });

  it('spends an approval whose usedBy is recorded as null', async () => {
    const { approvals } = await withApproval(makeStores, { status: 'approved', usedBy: null, usedAt: null });

    expect(await approvals.consume('apr-1', 'ra1_key', at(70))).toBe(true);

    expect(await approvals.get('apr-1')).toMatchObject({ usedBy: 'ra1_key', usedAt: at(70) });
  });

  it('refuses to spend an approval that is not approved, or unknown', async () => {
    const { approvals } = await withApproval(makeStores);

    expect(await approvals.consume('apr-1', 'ra1_key', at(70))).toBe(false);
    await approvals.decide(decision('rejected'));
    expect(await approvals.consume('apr-1', 'ra1_key', at(70))).toBe(false);
    expect(await approvals.consume('apr-unknown', 'ra1_key', at(70))).toBe(false);

    expect((await approvals.get('apr-1'))?.usedBy).toBeUndefined();
    expect(await approvals.get('apr-unknown')).toBeNull();
  });

  it('lets one of many keys racing for the same approval spend it', async () => {
    const { approvals } = await withApproval(makeStores);
    await approvals.decide(decision('approved'));

    const spent = await Promise.all(Array.from({ length: 6 }, (_, i) => approvals.consume('apr-1', `ra1_${i}`, at(70))));

    expect(spent.filter(Boolean)).toHaveLength(1);
    expect((await approvals.get('apr-1'))?.usedBy).toBe(`ra1_${spent.indexOf(true)}`);
  });
}

function describeProgress(makeStores: MakeStores) {
  it("records RequestApproval's progress on a pending approval, field by field", async () => {
    const { approvals } = await withApproval(makeStores);

    expect(await approvals.recordProgress('apr-1', { taskToken: 'task-token-2' })).toBe(true);
    expect(await approvals.recordProgress('apr-1', { holdingNoteAt: NOW.toISOString(), emailedTo: ['lead@example.com'] })).toBe(true);
    expect(await approvals.recordProgress('apr-1', { emailedTo: ['lead@example.com', 'owner@example.com'], taskToken: undefined })).toBe(true);

    expect(await approvals.get('apr-1')).toEqual(
      approvalRecord('apr-1', { taskToken: 'task-token-2', holdingNoteAt: NOW.toISOString(), emailedTo: ['lead@example.com', 'owner@example.com'] }),
    );
  });

  it('refuses progress once the approval is decided, or for an unknown approval', async () => {
    const { approvals } = await withApproval(makeStores);
    await approvals.decide(decision('approved'));

    expect(await approvals.recordProgress('apr-1', { taskToken: 'task-token-3' })).toBe(false);
    expect(await approvals.recordProgress('apr-unknown', { taskToken: 'x' })).toBe(false);

    expect((await approvals.get('apr-1'))?.taskToken).toBe('task-token');
    expect(await approvals.get('apr-unknown')).toBeNull();
  });

  it('refuses progress with no field to record (a caller defect)', async () => {
    const { approvals } = await withApproval(makeStores);

    await expect(approvals.recordProgress('apr-1', {})).rejects.toThrow(/at least one field/);
    await expect(approvals.recordProgress('apr-1', { taskToken: undefined })).rejects.toThrow(/at least one field/);
  });
}
