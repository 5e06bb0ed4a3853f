// The run starter's ports, from the capabilities that own them: a ticket closed in the helpdesk is the
// run capability's cancel, and a shadow run's ticket solved is the shadow capability's resolution.
// Shared by the app (app.ts) and the run-starter Lambda entry, so both wire them alike.
import { NO_METRICS } from '#harness/metrics.js';
import type { StartRunDeps } from '../intake/run-starter/start-run.js';
import { createCancelRun, type CancelRunDeps } from '../run/cancel-run/use-case.js';
import { createShadowResolver } from '../shadow/step/resolve.js';
import type { ShadowStore } from '../shared/stores/ports.js';

type PortSources = Omit<StartRunDeps, 'cancelRun' | 'shadowSolved'> & CancelRunDeps & { shadow?: ShadowStore };

export function withRunStarterPorts<D extends PortSources>(deps: D): NoInfer<D> & Pick<StartRunDeps, 'cancelRun' | 'shadowSolved'> {
  const { shadow } = deps;
  const resolver = shadow ? createShadowResolver({ runs: deps.runs, shadow, metrics: deps.metrics ?? NO_METRICS, clock: deps.clock }) : null;
  return { ...deps, cancelRun: createCancelRun(deps), ...(resolver ? { shadowSolved: resolver.helpdeskSolved } : {}) };
}
