// The stalled-runs sweep put together: each state's time budget (the approval wait from the policy's
// TTL) and the Escalate use case for a run past its budget. Shared by the app (functions/composition/app.ts) and
// the stalled-runs Lambda entry.
import type { Clock } from '#harness/ports.js';
import type { ProductMetrics } from '#harness/metrics.js';
import type { RunStore, WorkflowEngine } from '#functions/shared/stores/ports.js';
import { stateBudgetsMs } from '../steps/stalled-runs/budgets.js';
import { createStalledRunsSweep, type StalledRunsDeps } from '../steps/stalled-runs/use-case.js';

export function composeStalledRunsSweep(deps: {
  tenantName: string;
  runs: RunStore;
  workflow: WorkflowEngine;
  clock: Clock;
  metrics: ProductMetrics;
  tenant: { approvalTtlHours: number };
  escalate: StalledRunsDeps['escalate'];
}) {
  return createStalledRunsSweep({
    runs: deps.runs,
    workflow: deps.workflow,
    clock: deps.clock,
    tenant: deps.tenantName,
    budgetsMs: stateBudgetsMs(deps.tenant.approvalTtlHours),
    escalate: deps.escalate,
    metrics: deps.metrics,
  });
}
