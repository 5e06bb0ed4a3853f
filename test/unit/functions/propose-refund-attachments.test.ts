// The order agent is told the customer attached files (issue #37), by name and type only: never a
// link, never the content, and the prompt says a photo is never evidence of a claim. The reply
// facts count them, so a draft never asks for a photo already sent.
import { describe, expect, it } from 'vitest';
import type { ModelProvider, ModelRequest } from '#harness/ports.js';
import { createOfflineModelProvider } from '#harness/adapters/models/offline/provider.js';
import { createProposeRefund, ORDER_AGENT_SYSTEM } from '#functions/steps/propose-refund/use-case.js';
import { replyFacts } from '#functions/shared/reply.js';
import { proposedRun, setupSteps } from '../../support/steps.js';
import { makeTriage } from '../../support/fixtures.js';

const PHOTO = { name: 'cracked-mug.jpg', contentType: 'image/jpeg', size: 48_213, url: 'https://shop.zendesk.com/attachments/token/abc/?name=cracked-mug.jpg' };

/** The offline provider, keeping every request it was sent. */
function recording(): ModelProvider & { requests: ModelRequest<unknown>[] } {
  const offline = createOfflineModelProvider();
  const requests: ModelRequest<unknown>[] = [];
  return {
    name: 'offline',
    requests,
    complete: (request) => {
      requests.push(request as ModelRequest<unknown>);
      return offline.complete(request);
    },
  };
}

describe('attachments, for the order agent and the reply', () => {
  it('tells the order agent the names and types of what the customer attached, never the links', async () => {
    const models = recording();
    const s = setupSteps({ models });
    const base = proposedRun({ proposal: null, triage: makeTriage() });
    await s.stores.runs.create({ ...base, ticket: { ...base.ticket, attachments: [PHOTO] } });
    await createProposeRefund(s.deps)({ runId: base.runId });

    const sent = JSON.stringify(models.requests.find((r) => r.system === ORDER_AGENT_SYSTEM)?.input);
    expect(sent).toContain('"attachments":[{"name":"cracked-mug.jpg","type":"image/jpeg"}]');
    expect(sent).not.toContain('zendesk.com');
    expect(ORDER_AGENT_SYSTEM).toContain('its content is never evidence of a claim');
  });

  it('counts them in the reply facts', () => {
    const base = proposedRun();
    expect(replyFacts({ ...base, ticket: { ...base.ticket, attachments: [PHOTO, PHOTO] } }, 'escalated').attachments).toBe(2);
    expect(replyFacts(base, 'escalated').attachments).toBe(0);
  });
});
