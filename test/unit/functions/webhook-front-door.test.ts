// The front door for every helpdesk, through the webhook-ingest handler with API Gateway v2 events:
// a signed delivery is enqueued once; unsigned or wrongly signed (401), malformed or unknown shape
// (400), oversized (413) and unconfigured helpdesks (404) are answered at once, with nothing enqueued.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createWebhookIngestHandler } from '#functions/intake/webhook-ingest/handler.js';
import { createInMemoryEventLedger } from '#functions/shared/stores/memory/events.js';
import { MAX_WEBHOOK_BYTES } from '#functions/intake/webhook-ingest/ingest.js';
import type { WebhookSecrets } from '#functions/intake/webhook-ingest/helpdesks.js';
import type { WebhookSource } from '#functions/shared/domain/run.js';
import { signHelpScout } from '#functions/intake/webhook-ingest/helpscout.js';
import { signIntercom } from '#functions/intake/webhook-ingest/intercom.js';
import { zendeskSignedHeaders } from '#functions/intake/webhook-ingest/zendesk.js';
import type { QueuedTicket, TicketQueue } from '#functions/shared/queue.js';
import { httpEvent } from '../../support/steps.js';

const vectors = JSON.parse(readFileSync(new URL('./fixtures/helpdesk-vectors.json', import.meta.url), 'utf8')) as {
  helpscout: { secret: string; rawBody: string };
  intercom: { secret: string; rawBody: string };
  gorgiasMessage: Record<string, unknown>;
  freshdeskCreated: Record<string, unknown>;
};
const NOW = new Date('2026-09-23T12:00:00.000Z');
const SECRETS: Required<WebhookSecrets> = {
  zendesk: 'zendesk-secret-for-tests',
  helpscout: vectors.helpscout.secret,
  intercom: vectors.intercom.secret,
  gorgias: 'gorgias-shared-secret-0123456789',
  freshdesk: 'freshdesk-shared-secret-0123456789',
};

/** A valid delivery per helpdesk: its body and how that helpdesk signs a body with a secret. */
const DELIVERIES: Record<WebhookSource, { body: string; sign: (secret: string, body: string) => Record<string, string> }> = {
  zendesk: {
    body: JSON.stringify({
      id: 'evt-1',
      type: 'zen:event-type:ticket.created',
      time: NOW.toISOString(),
      detail: { id: '5001', requester_id: '9001', subject: 'Mug', description: 'the mug in order 1001 arrived cracked' },
      event: {},
    }),
    sign: (secret, body) => zendeskSignedHeaders(secret, body, NOW),
  },
  // The reference conversation, open, with the customer's thread written just now (a delivery dated today).
  helpscout: {
    body: JSON.stringify({
      ...(JSON.parse(vectors.helpscout.rawBody) as Record<string, unknown>),
      status: 'active',
      _embedded: { threads: [{ id: 9001, type: 'customer', body: 'the mug in order 1001 arrived cracked', createdAt: NOW.toISOString() }] },
    }),
    sign: (secret, body) => ({ 'X-HelpScout-Signature': signHelpScout(secret, body), 'X-HelpScout-Event': 'convo.created' }),
  },
  intercom: {
    body: JSON.stringify({ ...(JSON.parse(vectors.intercom.rawBody) as Record<string, unknown>), created_at: NOW.getTime() / 1000 }),
    sign: (secret, body) => ({ 'X-Hub-Signature': signIntercom(secret, body) }),
  },
  gorgias: { body: JSON.stringify({ ...vectors.gorgiasMessage, from_agent: false }), sign: (secret) => ({ 'X-Webhook-Secret': secret }) },
  freshdesk: { body: JSON.stringify(vectors.freshdeskCreated), sign: (secret) => ({ 'X-Webhook-Secret': secret }) },
};
const HELPDESKS = Object.keys(DELIVERIES) as WebhookSource[];

function setup(secrets: WebhookSecrets = SECRETS) {
  const sent: QueuedTicket[] = [];
  const queue: TicketQueue = { send: async (message) => void sent.push(message) };
  const handler = createWebhookIngestHandler({
    tenant: 'demo',
    secrets,
    queue,
    clock: { now: () => NOW },
    events: createInMemoryEventLedger({ claims: new Map() }),
  });
  const post = async (helpdesk: string, body: string, headers: Record<string, string>) => {
    const event = httpEvent({ method: 'POST', path: `/webhooks/${helpdesk}`, pathParameters: { helpdesk }, body });
    event.headers = { ...event.headers, ...headers };
    const result = await handler(event);
    return { status: result.statusCode, json: JSON.parse(String(result.body)) as Record<string, unknown> };
  };
  return { post, sent };
}

describe.each(HELPDESKS)('POST /webhooks/%s', (helpdesk) => {
  const { body, sign } = DELIVERIES[helpdesk];

  it('enqueues a correctly signed delivery once and answers 202 with the run id', async () => {
    const { post, sent } = setup();
    const res = await post(helpdesk, body, sign(SECRETS[helpdesk], body));
    expect(res.status).toBe(202);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.event.helpdesk).toBe(helpdesk);
    expect(res.json.runId).toBe(sent[0]!.runId);
  });

  it.each([
    ['unsigned', () => ({})],
    ['signed with another secret', () => sign('another-secret-0123456789', body)],
  ])('answers 401 when %s and enqueues nothing', async (_label, headers) => {
    const { post, sent } = setup();
    expect((await post(helpdesk, body, headers())).status).toBe(401);
    expect(sent).toHaveLength(0);
  });

  it('answers 401 when the signed body was altered in transit', async () => {
    if (helpdesk === 'gorgias' || helpdesk === 'freshdesk') return; // a shared secret does not cover the body
    const { post, sent } = setup();
    const altered = body.replace('}', ',"x":1}');
    expect((await post(helpdesk, altered, sign(SECRETS[helpdesk], body))).status).toBe(401);
    expect(sent).toHaveLength(0);
  });

  it.each([
    ['not JSON', 'this is not json'],
    ['JSON of an unknown shape', JSON.stringify({ hello: 'world' })],
  ])('answers 400 to a signed body that is %s and enqueues nothing', async (_label, bad) => {
    const { post, sent } = setup();
    const res = await post(helpdesk, bad, sign(SECRETS[helpdesk], bad));
    expect(res.status).toBe(400);
    expect(sent).toHaveLength(0);
  });

  it('answers 413 to a body over 256 KiB before anything else, and enqueues nothing', async () => {
    const { post, sent } = setup();
    const huge = JSON.stringify({ pad: 'x'.repeat(MAX_WEBHOOK_BYTES) });
    expect((await post(helpdesk, huge, sign(SECRETS[helpdesk], huge))).status).toBe(413);
    expect(sent).toHaveLength(0);
  });

  it('answers 404 when the tenant configured no secret for this helpdesk, even to a signed delivery', async () => {
    const { [helpdesk]: _dropped, ...others } = SECRETS;
    const { post, sent } = setup(others);
    expect((await post(helpdesk, body, sign(SECRETS[helpdesk], body))).status).toBe(404);
    expect(sent).toHaveLength(0);
  });
});

describe('the front door', () => {
  it('answers 404 to a helpdesk it does not know and 200 to an event it acknowledges but does not act on', async () => {
    const { post, sent } = setup();
    expect((await post('acme-desk', '{}', {})).status).toBe(404);
    const agentMessage = JSON.stringify(vectors.gorgiasMessage); // from_agent: true
    const ignored = await post('gorgias', agentMessage, { 'X-Webhook-Secret': SECRETS.gorgias });
    expect(ignored.status).toBe(200);
    expect(ignored.json.ignored).toBeDefined();
    expect(sent).toHaveLength(0);
  });

  it('answers cheaply: verifying and refusing 300 forged deliveries takes well under a second of CPU', async () => {
    const { post } = setup();
    // CPU time, not the clock's: on a busy machine the clock also counts the wait for a core.
    const started = process.cpuUsage();
    for (let i = 0; i < 300; i++) await post('intercom', vectors.intercom.rawBody, { 'X-Hub-Signature': `sha1=${'0'.repeat(40)}` });
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(1000);
  });
});
