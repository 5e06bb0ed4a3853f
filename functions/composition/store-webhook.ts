// The store webhook put together: the disputes use case, and shadow mode's resolution on the same
// route (a person's refund in the store resolves the order's shadow runs). Shared by the app
// (functions/composition/app.ts) and the store-webhook Lambda entry, so both wire the topics alike.
import type { Clock } from '#harness/ports.js';
import type { ProductMetrics } from '#harness/metrics.js';
import type { EventLedger, RunStore, ShadowStore } from '#functions/shared/stores/ports.js';
import { createShadowResolver } from '../shadow/step/resolve.js';
import { REFUNDS_CREATE_TOPIC } from '../shadow/step/store-refund.js';
import { createStoreWebhookHandler } from '../intake/store-webhook/handler.js';

export function composeStoreWebhook(deps: {
  tenantName: string;
  storeWebhookSecret?: string;
  runs: RunStore;
  events: EventLedger;
  shadow: ShadowStore;
  metrics: ProductMetrics;
  clock: Clock;
}) {
  const shadow = createShadowResolver({ runs: deps.runs, shadow: deps.shadow, metrics: deps.metrics, clock: deps.clock });
  return createStoreWebhookHandler({
    tenant: deps.tenantName,
    secret: deps.storeWebhookSecret,
    runs: deps.runs,
    events: deps.events,
    metrics: deps.metrics,
    clock: deps.clock,
    // Shadow mode: a person's refund in the store is the resolution of the order's shadow runs.
    topics: { [REFUNDS_CREATE_TOPIC]: ({ body }) => shadow.refundsCreate(deps.tenantName, body) },
  });
}
