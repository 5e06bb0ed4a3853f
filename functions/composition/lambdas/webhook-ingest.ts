// Lambda entry for POST /webhooks/{helpdesk}: each helpdesk's secret from the configuration, the
// ticket queue (SQS), and the table for the replay window's rows only; no harness.
import { observed } from '#shared/observability.js';
import { composedHandler } from '../lambda-app.js';
import { queuesOf } from '../lambda/queues.js';
import { tableOf } from '../lambda/table.js';
import { createWebhookIngestHandler } from '../../intake/webhook-ingest/handler.js';

export const handler = observed(
  'webhook-ingest',
  composedHandler((base) => {
    const { config } = base;
    return createWebhookIngestHandler({
      tenant: config.TENANT,
      secrets: {
        zendesk: config.ZENDESK_WEBHOOK_SECRET,
        helpscout: config.HELPSCOUT_WEBHOOK_SECRET,
        intercom: config.INTERCOM_WEBHOOK_SECRET,
        gorgias: config.GORGIAS_WEBHOOK_SECRET,
        freshdesk: config.FRESHDESK_WEBHOOK_SECRET,
      },
      queue: queuesOf(base).queue,
      clock: base.clock,
      events: tableOf(base).stores.events,
    });
  }),
);
