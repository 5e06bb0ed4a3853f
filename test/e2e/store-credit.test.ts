// Store credit as a remedy, end to end through the local runtime (docs/policy.md "Other remedies"): where
// the tenant enables it, a customer who asks for store credit gets it under a refund's conditions
// (refundCreate with refundMethods storeCreditRefund: no money back to the card), named as store
// credit in the draft, the run and, over the limit, the approval email; where the tenant has not,
// the same ticket goes to a person and nothing moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRuntime } from '#local/runtime.js';
import {
  waitForEmails,
  decide,
  formTokenOf,
  linksIn,
  postWebhook,
  settled,
  startRuntime,
  storeRefunds,
  ticketCreated,
  ticketNotes,
  waitForRun,
} from '../support/local-runtime.js';

/** The customer's store credit balances as the sandbox store holds them (one account per currency). */
function storeCredit(rt: LocalRuntime, customerNumber: string): Array<{ currency: string; amountMinor: number }> {
  const { ledgers } = rt.store.store;
  const ids = [...new Set(ledgers.credits.map((c) => c.customerId).filter((id) => id.endsWith(customerNumber)))];
  return ids.flatMap((id) => ledgers.balances(id));
}

const CREDIT_ASK = 'Hi, the mug in order 1001 arrived cracked. Could I get store credit for it instead of a refund to my card?';

describe('store credit, where the tenant enables it', () => {
  let rt: LocalRuntime;
  beforeAll(async () => {
    rt = await startRuntime({ policy: { storeCredit: true } });
  });
  afterAll(async () => {
    await rt.close();
  });

  it('issues store credit for the cracked mug automatically: the customer’s account is credited, the draft says store credit', async () => {
    const { json } = await postWebhook(rt, ticketCreated({ ticketId: '5001', requesterId: '9001', text: CREDIT_ASK }));
    const run = await waitForRun(rt, json.runId as string, settled);

    expect(run.status).toBe('done');
    expect(run.gate).toMatchObject({ decision: 'auto', amountMinor: 1800, remedy: 'store_credit' });
    expect(run.refund).toMatchObject({ amountMinor: 1800, currency: 'USD', method: 'store_credit' });
    expect(storeCredit(rt, '7001')).toEqual([{ currency: 'USD', amountMinor: 1800 }]);
    expect(await storeRefunds(rt, '1001')).toHaveLength(1);

    const notes = await ticketNotes(rt, '5001');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toContain('$18.00');
    expect(notes[0]!.body).toContain('store credit');
    expect(notes[0]!.body).not.toContain('original payment method');
    expect(run.draft.check).toMatchObject({ passed: true, problems: [] });
  });

  it('asks a lead over the limit, naming store credit in the email, and credits the account once approved', async () => {
    const text = 'The wool throw blanket from order #1002 arrived damaged with a hole. I would prefer store credit please.';
    const { json } = await postWebhook(rt, ticketCreated({ ticketId: '5002', requesterId: '9002', text }));
    const runId = json.runId as string;
    const waiting = await waitForRun(rt, runId, (r) => r.status === 'awaiting_approval' || settled(r));
    expect(waiting.status).toBe('awaiting_approval');
    expect(waiting.gate).toMatchObject({ decision: 'approval', amountMinor: 6200, remedy: 'store_credit' });

    const holding = (await ticketNotes(rt, '5002')).map((n) => n.body).join('\n');
    expect(holding).toContain("Proposed: $62.00 as store credit on the customer's account, for order #1002.");
    const email = (await waitForEmails(rt, 1)).find((mail) => (mail.body.text ?? '').includes('1002'))!;
    expect(email.body.html).toContain('Approve $62.00 in store credit on order #1002?');
    expect(email.body.text).toContain("If you approve: exactly $62.00 is added to the customer's account as store credit for order #1002");

    const [link] = linksIn(email);
    expect((await decide(link!, 'approve', await formTokenOf(link!))).status).toBe(200);
    const done = await waitForRun(rt, runId, settled);
    expect(done.status).toBe('done');
    expect(done.refund).toMatchObject({ amountMinor: 6200, method: 'store_credit' });
    expect(storeCredit(rt, '7002')).toEqual([{ currency: 'USD', amountMinor: 6200 }]);
  });
});

describe('store credit, where the tenant has not enabled it', () => {
  let rt: LocalRuntime;
  beforeAll(async () => {
    rt = await startRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  it('hands the ticket to a person with the reason, and nothing moves', async () => {
    const { json } = await postWebhook(rt, ticketCreated({ ticketId: '5001', requesterId: '9001', text: CREDIT_ASK }));
    const run = await waitForRun(rt, json.runId as string, settled);

    expect(run.status).toBe('escalated');
    expect(run.gate).toMatchObject({ decision: 'refuse', rules: ['remedy_not_refund'] });
    expect(run.escalation.reason).toContain('store credit');
    expect(run.refund ?? null).toBeNull();
    expect(await storeRefunds(rt, '1001')).toEqual([]);
    expect(storeCredit(rt, '7001')).toEqual([]);
  });
});
