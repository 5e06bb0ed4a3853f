// The store webhook put together: the disputes use case, and shadow mode's resolution on the same
// route (a person's refund in the store resolves the order's shadow runs). Shared by the app
// (functions/composition/app.ts) and the store-webhook Lambda entry, so both wire the topics alike.
import type { Clock } from '#harness/ports.js';
import type { ProductMetrics } from '#harness/metrics.js';
import type { EventLedger, RunStore, ShadowStore, WorkflowEngine } from '#functions/shared/stores/ports.js';
import { createShadowResolver } from '../shadow/step/resolve.js';
import { REFUNDS_CREATE_TOPIC } from '../shadow/step/store-refund.js';
import { createStoreWebhookHandler } from '../intake/store-webhook/handler.js';
import { createReturnSignals } from '../intake/store-webhook/return-signals.js';

export function composeStoreWebhook(deps: {
  tenantName: string;
  storeWebhookSecret?: string;
  runs: RunStore;
  /** Answers a run's wait for a returned parcel (returns/process, reverse_fulfillment_orders/dispose). */
  workflow: Pick<WorkflowEngine, 'sendTaskSuccess'>;
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
    // Returns: the store says a returned parcel arrived; the run awaiting it goes on (return-signals.ts).
    topics: {
      [REFUNDS_CREATE_TOPIC]: ({ body }) => shadow.refundsCreate(deps.tenantName, body),
      ...createReturnSignals({ tenant: deps.tenantName, runs: deps.runs, workflow: deps.workflow }),
    },
  });
}
