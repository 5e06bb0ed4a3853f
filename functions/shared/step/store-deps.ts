// What the steps and handlers take from the table's stores, with the product metrics: one shape for
// both composition roots (core-deps.ts for the whole app, lambda/steps.ts for one Lambda entry).
// Imports types only, so a Lambda entry that uses it carries nothing more.
import type { ProductMetrics } from '#harness/metrics.js';
import type { createDynamoStores } from '#functions/shared/stores/dynamo/index.js';

export function storeDepsOf(stores: ReturnType<typeof createDynamoStores>, metrics: ProductMetrics) {
  return {
    metrics,
    runs: stores.runs,
    approvals: stores.approvals,
    journal: stores.journal,
    events: stores.events,
    findRunsByOrder: stores.findRunsByOrder,
    shadow: stores.shadow,
    tickets: stores.tickets,
  };
}
