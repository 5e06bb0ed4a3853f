// Lambda entry for POST /webhooks/shopify (the store's disputes, feeding RefundsReversed, and shadow
// mode's resolutions): the table only.
import { observed } from '#shared/observability.js';
import { composedHandler } from '../lambda-app.js';
import { tableOf } from '../lambda/table.js';
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
      clock: base.clock,
    });
  }),
);
