// A run page opens with one sentence: what happened, how much, who decided and when.
import { describe, expect, it } from 'vitest';
import { outcomeSentence } from '#functions/console/app/views/outcome.js';
import type { Run } from '#functions/shared/domain/run.js';
import { makeRun } from '../../support/steps.js';

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
const receipt = {
  refundId: 'gid://shopify/Refund/1',
  orderId: 'gid://shopify/Order/1002',
  orderNumber: '1002',
  amountMinor: 6200,
  currency: 'USD',
  createdAt: '2026-09-23T12:05:00.000Z',
  idempotencyKey: 'k',
};
const approval = {
  approvalId: 'apr-1',
  argsHash: 'h',
  amountMinor: 6200,
  currency: 'USD',
  requestedAt: '2026-09-23T11:00:00.000Z',
  expiresAt: '2026-09-24T11:00:00.000Z',
  decidedAt: '2026-09-23T12:00:00.000Z',
  reason: null,
};
const run = (over: Partial<Run>): Run => makeRun({ runId: 'run-1', ...over });

describe('the sentence a run page opens with', () => {
  it('says the amount, the order and the lead who approved', () => {
    const s = text(outcomeSentence(run({ status: 'done', refund: receipt, approval: { ...approval, status: 'approved', decidedBy: 'lead@shop.example' } })));
    expect(s).toMatch(/^Refunded \$62\.00 on order #1002, approved by lead@shop\.example .+; the refund was made .+\.$/);
  });

  it('says a refund within policy needed no person', () => {
    const s = text(outcomeSentence(run({ status: 'done', refund: receipt, gate: { decision: 'auto' } as Run['gate'] })));
    expect(s).toContain('Refunded $62.00 on order #1002, within policy without a person');
  });

  it('says an approval closed with nothing left, and that nothing was refunded', () => {
    const s = text(
      outcomeSentence(
        run({
          status: 'escalated',
          escalation: { reason: 'Not refunded: order #1002 has nothing left to refund', step: 'RequestApproval' },
          approval: { ...approval, status: 'cancelled', decidedBy: 'lead@shop.example' },
        }),
      ),
    );
    expect(s).toContain('With the team: Not refunded: order #1002 has nothing left to refund.');
    expect(s).toContain('Closed by lead@shop.example');
    expect(s).toContain('nothing left to refund');
    expect(s).toContain('Nothing was refunded.');
  });

  it('says what a lead is asked for while the run waits', () => {
    const s = text(outcomeSentence(run({ status: 'awaiting_approval', approval: { ...approval, status: 'pending', decidedBy: null, decidedAt: null } })));
    expect(s).toMatch(/^Waiting for a lead to approve \$62\.00; the request expires .+\.$/);
  });

  it('names no step, rule id or hash', () => {
    for (const status of ['running', 'done', 'escalated', 'cancelled', 'pending_review', 'awaiting_return', 'shadow'] as const) {
      expect(text(outcomeSentence(run({ status })))).not.toMatch(/[A-Z][a-z]+[A-Z][a-z]+|[a-z]+_[a-z]+|gid:\/\//);
    }
  });
});
