// The reply agent and the reply check through the anthropic provider, the real SDK and a local fake
// Messages API: the draft from the receipt and the deterministic checks before it is posted.
import { afterEach, describe, expect, it } from 'vitest';
import { createCheckReply } from '#functions/steps/check-reply/use-case.js';
import { createDraftReply } from '#functions/steps/draft-reply/use-case.js';
import { toOrderFacts } from '#harness/domain/order-facts.js';
import { makeOrder, makeRun, NOW, ticketIn } from '../../support/fixtures.js';
import { jsonReply } from '../../support/fake-messages-api.js';
import { closeApis, MUG_LINE, PROPOSAL, setup, TRIAGE } from './anthropic-helpers.js';

afterEach(closeApis);

describe('reply agent and reply check on the API', () => {
  async function refundedRun(s: Awaited<ReturnType<typeof setup>>) {
    const order = toOrderFacts(makeOrder(), 0);
    await s.stores.runs.create(
      makeRun({
        state: 'Refund',
        // A Spanish customer: the reply's language is read from their words.
        ticket: { ...makeRun().ticket, ...ticketIn('es') },
        triage: { ...TRIAGE, language: 'es' },
        order,
        proposal: { ...PROPOSAL, lineItems: [{ ...MUG_LINE, lineItemId: order.lineItems[0]!.id }], evidence: [] },
        refund: {
          refundId: 'gid://shopify/Refund/9',
          orderId: order.orderId,
          orderNumber: '1001',
          amountMinor: 1800,
          currency: 'USD',
          createdAt: NOW.toISOString(),
          idempotencyKey: 'k',
        },
      }),
    );
  }

  it('drafts from the receipt in the customer language, and the checked draft is posted', async () => {
    const s = await setup();
    await refundedRun(s);
    const body = 'Hola:\n\nHemos reembolsado 18,00 US$ del pedido #1001 a su método de pago original.\n\nAtención al cliente';
    s.api.script(jsonReply({ body }), jsonReply({ passed: true, problems: [] }));

    expect(await createDraftReply(s.deps)({ runId: 'run-1' })).toEqual({ outcome: 'continue' });
    expect(await createCheckReply(s.deps)({ runId: 'run-1' })).toEqual({ outcome: 'done' });

    const [draft, check] = s.api.requests;
    expect(draft?.body.model).toBe('claude-sonnet-5');
    expect(check?.body.model).toBe('claude-haiku-4-5');
    const facts = String(draft?.body.messages[0]?.content[0]?.text);
    expect(facts).toContain('"language":"es"');
    expect(facts).toContain('1 × Stoneware mug');
    expect(s.transport.calls.filter((c) => c.name === 'post_draft').map((c) => c.args.body)).toEqual([body]);
  });

  it('blocks post_draft when the draft names another currency, even though the model check passed it', async () => {
    const s = await setup();
    await refundedRun(s);
    s.api.script(jsonReply({ body: 'Hola: hemos reembolsado 18,00 US$ (18,00 EUR) del pedido #1001.' }), jsonReply({ passed: true, problems: [] }));

    await createDraftReply(s.deps)({ runId: 'run-1' });
    const result = await createCheckReply(s.deps)({ runId: 'run-1' });

    expect(result.outcome).toBe('escalated');
    expect(result.outcome === 'escalated' && result.reason).toContain('currency EUR');
    // The draft is never left on the ticket; the one note is the escalation's, for the team.
    const notes = s.transport.calls.filter((c) => c.name === 'post_draft').map((c) => String(c.args.body));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain('Refund agent handed this ticket to a person.');
    expect(notes[0]).not.toContain('Hola: hemos reembolsado');
  });
});
