// The approval link: GET only shows, POST decides once. Through the handler with synthetic API
// Gateway v2 events, over the in-memory stores, a fixed clock and a recording workflow engine.
import { describe, expect, it } from 'vitest';
import { createApproverLinks } from '#functions/shared/approvals/approver-links.js';
import { NOW, formPost, httpEvent } from '../../support/steps.js';
import { LEAD, LINK_SECRET, SECOND, setup } from './approval-callback-setup.js';

describe('approval page (GET)', () => {
  it('shows the amount and the form, and changes nothing', async () => {
    const { get, stores, workflow, record } = await setup();

    const page = await get();

    expect(page.statusCode).toBe(200);
    expect(page.headers?.['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Approve a $62.00 refund on order #1001?');
    expect(page.body).toContain('#1001');
    expect(page.body).toContain(`value="${record.formToken}"`);
    expect(page.body).toContain(`Deciding as <strong>${LEAD}</strong>`);
    expect(page.body).not.toContain(SECOND);
    expect((await stores.approvals.get(record.approvalId))?.status).toBe('pending');
    expect((await stores.runs.get('run-apr'))?.approval?.status).toBe('pending');
    expect(workflow.successes).toHaveLength(0);
    expect(workflow.failures).toHaveLength(0);
  });

  it("escapes the customer's words instead of rendering them as markup", async () => {
    const { stores, get } = await setup();
    const run = await stores.runs.get('run-apr');
    await stores.runs.update('run-apr', { ticket: { ...run!.ticket, body: 'cracked <script>alert(1)</script>' } });

    const page = await get();

    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('answers an unknown approval id with a 404 page', async () => {
    const { get, post } = await setup();

    const viewed = await get('apr_unknown');
    const posted = await post({ formToken: 'x', decision: 'approve', as: 'k.m' }, 'apr_unknown');

    expect(viewed.statusCode).toBe(404);
    expect(viewed.body).toContain('Approval not found');
    expect(posted.statusCode).toBe(404);
  });
});

describe('approval decision (POST)', () => {
  it('approves once: records who and when, updates the run, and ends the wait with continue', async () => {
    const { post, approve, stores, workflow, record, clock } = await setup();
    clock.advance(60_000);

    const page = await post(approve);

    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Refund approved');
    const stored = await stores.approvals.get(record.approvalId);
    expect(stored).toMatchObject({ status: 'approved', decidedBy: LEAD, decidedAt: new Date(NOW.getTime() + 60_000).toISOString() });
    const run = await stores.runs.get('run-apr');
    expect(run?.status).toBe('running');
    expect(run?.approval).toMatchObject({ approvalId: record.approvalId, status: 'approved', decidedBy: LEAD, decidedAt: stored?.decidedAt });
    expect(JSON.stringify(run)).not.toContain(record.taskToken);
    expect(JSON.stringify(run)).not.toContain(record.formToken);
    expect(workflow.successes).toHaveLength(1);
    expect(workflow.successes[0]).toMatchObject({
      taskToken: record.taskToken,
      output: { outcome: 'continue', detail: { decision: 'approved', approvalId: record.approvalId } },
    });
  });

  it('accepts a base64-encoded form body and records the approver the link was sent to', async () => {
    const { call, approve, stores, workflow, record, tokenOf } = await setup();

    const page = await call(formPost(record.approvalId, { ...approve, as: tokenOf(SECOND) }, { base64: true }));

    expect(page.statusCode).toBe(200);
    expect((await stores.approvals.get(record.approvalId))?.decidedBy).toBe(SECOND);
    expect(workflow.successes).toHaveLength(1);
  });

  it('answers a second decision with 409 "Already decided" and sends nothing more', async () => {
    const { post, approve, stores, workflow, record, tokenOf } = await setup();
    await post(approve);

    const again = await post({ ...approve, decision: 'reject', as: tokenOf(SECOND) });

    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('Already decided');
    expect(again.body).toContain(LEAD);
    expect((await stores.approvals.get(record.approvalId))?.status).toBe('approved');
    expect(workflow.successes).toHaveLength(1);
  });

  it('rejects with a reason: escalates, naming the approver and the reason', async () => {
    const { post, approve, stores, workflow, record } = await setup();

    const page = await post({ ...approve, decision: 'reject', reason: '  third claim this month  ' });

    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Refund rejected');
    expect(await stores.approvals.get(record.approvalId)).toMatchObject({ status: 'rejected', decidedBy: LEAD, reason: 'third claim this month' });
    expect((await stores.runs.get('run-apr'))?.approval?.status).toBe('rejected');
    expect(workflow.successes).toHaveLength(1);
    const output = workflow.successes[0]!.output as { outcome: string; detail: { decision: string; reason: string } };
    expect(output.outcome).toBe('escalate');
    expect(output.detail.decision).toBe('rejected');
    expect(output.detail.reason).toContain(LEAD);
    expect(output.detail.reason).toContain('third claim this month');
  });

  it('refuses a link token not signed by the server (an outsider naming an approver) with 403 and decides nothing', async () => {
    const { post, approve, stores, workflow, record } = await setup();
    const forged = createApproverLinks({ secret: 'attacker-guessed-secret-0000', approverEmails: [LEAD] }).sign(record.approvalId, LEAD);

    const page = await post({ ...approve, as: forged });

    expect(page.statusCode).toBe(403);
    expect((await stores.approvals.get(record.approvalId))?.status).toBe('pending');
    expect((await stores.runs.get('run-apr'))?.approval?.status).toBe('pending');
    expect(workflow.successes).toHaveLength(0);
  });

  it('answers 410 after expiresAt and sends nothing', async () => {
    const { post, approve, stores, workflow, record, clock } = await setup();
    clock.set(new Date(record.expiresAt));

    const page = await post(approve);

    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('expired');
    expect((await stores.approvals.get(record.approvalId))?.status).toBe('pending');
    expect(workflow.successes).toHaveLength(0);
    expect(workflow.failures).toHaveLength(0);
  });

  it('answers a wrong form token with 409 "Form out of date" and decides nothing', async () => {
    const { post, approve, stores, workflow, record } = await setup();

    const page = await post({ ...approve, formToken: 'form-token-from-an-old-email' });

    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('Form out of date');
    expect((await stores.approvals.get(record.approvalId))?.status).toBe('pending');
    expect(workflow.successes).toHaveLength(0);
  });

  it('answers an incomplete form with 400 and another method with 405, deciding nothing', async () => {
    const { post, call, stores, workflow, record } = await setup();

    const incomplete = await post({ decision: 'approve', formToken: 'form-token-1' });
    const put = await call(httpEvent({ method: 'PUT', path: `/approvals/${record.approvalId}`, pathParameters: { approvalId: record.approvalId } }));

    expect(incomplete.statusCode).toBe(400);
    expect(put.statusCode).toBe(405);
    expect((await stores.approvals.get(record.approvalId))?.status).toBe('pending');
    expect(workflow.successes).toHaveLength(0);
  });

  it('never puts the task token in any page', async () => {
    const { get, post, approve, pages, record, clock } = await setup();
    await get();
    await post({ ...approve, as: 'forged.token' });
    await post({ ...approve, formToken: 'stale' });
    await post({ decision: 'approve' });
    await post(approve);
    await post(approve);
    await get();
    clock.set(new Date(record.expiresAt));
    await post(approve);

    expect(pages).toHaveLength(8);
    for (const page of pages) expect(page).not.toContain(record.taskToken);
  });
});

describe('per-approver links', () => {
  it('shows no form to a link without an approver token, or with one made for another approval', async () => {
    const { get, tokenOf, stores, record } = await setup();

    const bare = await get(record.approvalId, null);
    const otherApproval = await get(record.approvalId, tokenOf(LEAD, 'apr_other'));

    for (const page of [bare, otherApproval]) {
      expect(page.statusCode).toBe(403);
      expect(page.body).toContain('Link not valid for deciding');
      expect(page.body).not.toContain('name="formToken"');
    }
    expect((await stores.approvals.get(record.approvalId))?.status).toBe('pending');
  });

  it('decides a forwarded link only as the approver it was sent to, whatever the form says', async () => {
    const { post, approve, stores } = await setup();

    // The form of LEAD's link, posted by someone else who adds an approver field of their own.
    const page = await post({ ...approve, approver: SECOND, decidedBy: SECOND });

    expect(page.statusCode).toBe(200);
    expect((await stores.approvals.get('apr_0001'))?.decidedBy).toBe(LEAD);
  });

  it('refuses a token whose approver was removed from the tenant, and one with a tampered signature', async () => {
    const { post, approve, record, stores, workflow } = await setup();
    const removed = createApproverLinks({ secret: LINK_SECRET, approverEmails: ['former@example.com'] }).sign(record.approvalId, 'former@example.com');
    const [key, mac] = approve.as.split('.');
    const tampered = `${key}.${mac!.slice(0, -2)}${mac!.endsWith('AA') ? 'BB' : 'AA'}`;

    expect((await post({ ...approve, as: removed })).statusCode).toBe(403);
    expect((await post({ ...approve, as: tampered })).statusCode).toBe(403);
    expect((await stores.approvals.get(record.approvalId))?.status).toBe('pending');
    expect(workflow.successes).toHaveLength(0);
  });
});

describe('a decided approval seen from outside', () => {
  it('does not name who decided to a request without a valid approver token (only the approval id)', async () => {
    const { get, post, approve, record, tokenOf } = await setup();
    await post(approve);
    const forged = createApproverLinks({ secret: 'attacker-guessed-secret-0000', approverEmails: [LEAD] }).sign(record.approvalId, LEAD);

    const bare = await get(record.approvalId, null);
    const tampered = await get(record.approvalId, forged);
    const otherApproval = await get(record.approvalId, tokenOf(LEAD, 'apr_other'));
    const postedBare = await post({ formToken: record.formToken, decision: 'reject', as: 'k.forged' });

    for (const page of [bare, tampered, otherApproval, postedBare]) {
      expect(page.body).toContain('Already decided');
      expect(page.body).toContain('approved');
      expect(page.body).not.toContain(LEAD);
      expect(page.body).not.toContain('lead@');
    }
  });

  it('names who decided to the approvers of this approval, each with their own valid link', async () => {
    const { get, post, approve, tokenOf } = await setup();
    await post(approve);

    expect((await get(undefined, tokenOf(LEAD))).body).toContain(`by ${LEAD}`);
    expect((await get(undefined, tokenOf(SECOND))).body).toContain(`by ${LEAD}`);
  });
});
