// Unsigned traffic to the public webhook routes is the cheapest request the product answers: a
// delivery without its signature header is refused (401) before its body is read, decoded or
// parsed, and a wrongly signed one before it is parsed. Also: the deployed API's one-route-per-
// helpdesk paths carry no {helpdesk} parameter, and the intake reads the helpdesk from the path.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWebhookIngestHandler } from '#functions/intake/webhook-ingest/handler.js';
import { createInMemoryEventLedger } from '#functions/shared/stores/memory/events.js';
import { WEBHOOK_SOURCES, type WebhookSecrets } from '#functions/intake/webhook-ingest/helpdesks.js';
import type { WebhookSource } from '#functions/shared/domain/run.js';
import { zendeskSignedHeaders } from '#functions/intake/webhook-ingest/zendesk.js';
import { createStoreWebhookHandler } from '#functions/intake/store-webhook/handler.js';
import type { HttpEvent } from '#functions/shared/http.js';
import type { QueuedTicket } from '#functions/shared/queue.js';
import { createInMemoryStores } from '#functions/shared/stores/memory/index.js';
import { recordingMetrics } from '../../support/metrics.js';
import { fixedClock, httpEvent, NOW } from '../../support/steps.js';

const SECRETS: Required<WebhookSecrets> = {
  zendesk: 'zendesk-secret-for-tests',
  helpscout: 'helpscout-secret-for-tests',
  intercom: 'intercom-secret-for-tests',
  gorgias: 'gorgias-shared-secret-0123456789',
  freshdesk: 'freshdesk-shared-secret-0123456789',
};
const BODY = JSON.stringify({
  id: 'evt-1',
  type: 'zen:event-type:ticket.created',
  time: NOW.toISOString(),
  detail: { id: '5001', subject: 'Mug', description: 'cracked' },
});

/** An event whose body counts its reads: the refusals below must not touch it. */
function countingBody(event: HttpEvent, body: string): { event: HttpEvent; reads: () => number } {
  let reads = 0;
  Object.defineProperty(event, 'body', {
    enumerable: true,
    get: () => {
      reads += 1;
      return body;
    },
  });
  return { event, reads: () => reads };
}

function helpdeskDelivery(helpdesk: string, headers: Record<string, string>, options: { base64?: boolean; withParameter?: boolean } = {}) {
  const event = httpEvent({
    method: 'POST',
    path: `/webhooks/${helpdesk}`,
    ...(options.withParameter === false ? {} : { pathParameters: { helpdesk } }),
    body: BODY,
    base64: options.base64,
  });
  event.headers = { ...event.headers, ...headers };
  return countingBody(event, event.body!);
}

function ingestHandler() {
  const sent: QueuedTicket[] = [];
  const handler = createWebhookIngestHandler({
    tenant: 'demo',
    secrets: SECRETS,
    queue: { send: async (m) => void sent.push(m) },
    clock: { now: () => NOW },
    events: createInMemoryEventLedger({ claims: new Map() }),
  });
  return { handler, sent };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a helpdesk delivery without its signature header', () => {
  it.each(
    WEBHOOK_SOURCES.flatMap(
      (helpdesk) =>
        [
          [helpdesk, false],
          [helpdesk, true],
        ] as Array<[WebhookSource, boolean]>,
    ),
  )('%s (base64 body: %s) is refused with 401 before the body is read or parsed', async (helpdesk, base64) => {
    const parse = vi.spyOn(JSON, 'parse');
    const { handler, sent } = ingestHandler();
    // Help Scout's event name header is not a signature: it alone does not get a body read.
    const { event, reads } = helpdeskDelivery(helpdesk, helpdesk === 'helpscout' ? { 'x-helpscout-event': 'convo.created' } : {}, { base64 });

    const result = await handler(event);

    expect(result.statusCode).toBe(401);
    expect(reads()).toBe(0);
    expect(parse).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it('a Zendesk delivery with the signature but not its timestamp is refused the same way', async () => {
    const { handler } = ingestHandler();
    const { event, reads } = helpdeskDelivery('zendesk', { 'x-zendesk-webhook-signature': 'c2lnbmF0dXJl' });

    expect((await handler(event)).statusCode).toBe(401);
    expect(reads()).toBe(0);
  });

  it('a wrongly signed delivery is refused after the HMAC, before any JSON is parsed', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    const { handler } = ingestHandler();
    const { event, reads } = helpdeskDelivery('zendesk', zendeskSignedHeaders('not-the-secret', BODY, NOW));

    expect((await handler(event)).statusCode).toBe(401);
    expect(reads()).toBeGreaterThan(0);
    expect(parse).not.toHaveBeenCalled();
  });
});

describe('one route per helpdesk', () => {
  it('takes the helpdesk from the path when the route has no {helpdesk} parameter', async () => {
    const { handler, sent } = ingestHandler();
    const { event } = helpdeskDelivery('zendesk', zendeskSignedHeaders(SECRETS.zendesk, BODY, NOW), { withParameter: false });

    const result = await handler(event);

    expect(result.statusCode).toBe(202);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.event.helpdesk).toBe('zendesk');
  });

  it('answers 404 for a path that names no helpdesk', async () => {
    const { handler } = ingestHandler();
    const { event } = helpdeskDelivery('acme-desk', {}, { withParameter: false });
    expect((await handler(event)).statusCode).toBe(404);
  });
});

describe('a store delivery without X-Shopify-Hmac-Sha256', () => {
  it.each([false, true])('(base64 body: %s) is refused with 401 before the body is read or parsed', async (base64) => {
    const parse = vi.spyOn(JSON, 'parse');
    const clock = fixedClock();
    const stores = createInMemoryStores({ clock });
    const handler = createStoreWebhookHandler({
      tenant: 'demo',
      secret: 'shopify-app-secret-for-tests',
      runs: stores.runs,
      events: stores.events,
      metrics: recordingMetrics(clock).metrics,
      clock,
    });
    const raw = httpEvent({ method: 'POST', path: '/webhooks/shopify', body: '{"id":1,"order_id":1001}', base64 });
    raw.headers = { ...raw.headers, 'x-shopify-topic': 'disputes/create', 'x-shopify-webhook-id': 'wh-1' };
    const { event, reads } = countingBody(raw, raw.body!);

    const result = await handler(event);

    expect(result.statusCode).toBe(401);
    expect(reads()).toBe(0);
    expect(parse).not.toHaveBeenCalled();
  });
});
