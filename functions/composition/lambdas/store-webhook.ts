// Lambda entry for POST /webhooks/shopify (the store's disputes, feeding RefundsReversed, and shadow
// mode's resolutions, and a returned parcel's arrival, which answers the wait of the run awaiting it).
import { observed } from '#shared/observability.js';
import { composedHandler } from '../lambda-app.js';
import { tableOf } from '../lambda/table.js';
import { workflowOf } from '../lambda/aws.js';
import { composeStoreWebhook } from '../store-webhook.js';

export const handler = observed(
  'store-webhook',
  composedHandler((base) => {
    const { stores, metrics } = tableOf(base);
    return composeStoreWebhook({
      ...stores,
      tenantName: base.config.TENANT,
      storeWebhookSecret: base.config.SHOPIFY_WEBHOOK_SECRET,
      metrics,
      workflow: workflowOf(base),
      clock: base.clock,
    });
  }),
);
