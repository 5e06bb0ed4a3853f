// Shadow mode's figures and switches: each class's mode, resolved tickets, independent samples with
// the distinct customers and orders behind them, and agreement with the proposals (GET /api/shadow),
// and the switch of one class to auto (POST /api/shadow/{classKey}/promote), allowed only past the
// tenant's minimums and agreement and recorded with who and the figures.
// The rules are functions/shared/domain/shadow.ts.
import { AUTO_MODE, minimumsOf, modeFor, promotionCheck, type AgentModeConfig } from '#functions/shared/domain/shadow.js';
import type { Clock } from '#harness/ports.js';
import type { ShadowClassRecord, ShadowPromotion, ShadowStore } from '#functions/shared/stores/ports.js';
import type { ShadowClassView, ShadowOverview } from '#functions/shared/domain/shadow-figures.js';

export interface ShadowApiDeps {
  tenant: string;
  shadow: ShadowStore;
  agentMode?: AgentModeConfig;
  clock: Clock;
}

export type PromoteOutcome =
  | { kind: 'promoted'; view: ShadowClassView }
  | { kind: 'already_auto'; view: ShadowClassView }
  | { kind: 'not_eligible'; view: ShadowClassView; reasons: string[] }
  | { kind: 'conflict'; view: ShadowClassView };

const empty = (classKey: string): ShadowClassRecord => ({
  classKey,
  resolved: 0,
  agreed: 0,
  samples: 0,
  agreeingSamples: 0,
  customers: 0,
  orders: 0,
  promotedAt: null,
  promotedBy: null,
});

/** A class as the API shows it: its mode, its figures and whether it could be promoted now. */
function viewOf(config: AgentModeConfig, record: ShadowClassRecord): ShadowClassView {
  const mode = modeFor(config, record.classKey, record.promotedAt !== null);
  const check = promotionCheck(record, config);
  return {
    classKey: record.classKey,
    mode,
    resolved: record.resolved,
    agreed: record.agreed,
    samples: record.samples,
    agreeingSamples: record.agreeingSamples,
    customers: record.customers,
    orders: record.orders,
    agreement: check.agreement,
    eligible: mode !== 'auto' && check.eligible,
    promotedAt: record.promotedAt,
    promotedBy: record.promotedBy,
  };
}

/** The promotion as recorded: who, when, and the figures and minimums it was checked on. */
function promotionOf(config: AgentModeConfig, classKey: string, record: ShadowClassRecord, at: string, by: string): ShadowPromotion {
  const { minCustomers, minOrders } = minimumsOf(config);
  return {
    classKey,
    at,
    by,
    resolved: record.resolved,
    agreed: record.agreed,
    samples: record.samples,
    agreeingSamples: record.agreeingSamples,
    customers: record.customers,
    orders: record.orders,
    minTickets: config.minTickets,
    minCustomers,
    minOrders,
    threshold: config.agreement,
  };
}

export function createShadowApi(deps: ShadowApiDeps) {
  const config = deps.agentMode ?? AUTO_MODE;
  const { minCustomers, minOrders } = minimumsOf(config);
  const view = (record: ShadowClassRecord) => viewOf(config, record);

  return {
    /** Every class with figures, and every class the tenant file names. */
    async list(): Promise<ShadowOverview> {
      const stored = await deps.shadow.listClasses(deps.tenant);
      const known = new Set(stored.map((c) => c.classKey));
      const named = Object.keys(config.classes)
        .filter((key) => !known.has(key))
        .map(empty);
      const classes = [...stored, ...named].sort((a, b) => a.classKey.localeCompare(b.classKey)).map(view);
      return {
        defaultMode: config.default,
        minTickets: config.minTickets,
        minCustomers,
        minOrders,
        threshold: config.agreement,
        classes,
        promotions: await deps.shadow.listPromotions(deps.tenant),
      };
    },

    async promote(classKey: string, by: string): Promise<PromoteOutcome> {
      const record = (await deps.shadow.getClass(deps.tenant, classKey)) ?? empty(classKey);
      const current = view(record);
      if (current.mode === 'auto') return { kind: 'already_auto', view: current };
      const check = promotionCheck(record, config);
      if (!check.eligible) return { kind: 'not_eligible', view: current, reasons: check.reasons };
      const at = deps.clock.now().toISOString();
      const switched = await deps.shadow.promote(deps.tenant, promotionOf(config, classKey, record, at, by));
      // Lost a race: a resolution changed the figures, or another switch got there first.
      if (!switched) return { kind: 'conflict', view: view((await deps.shadow.getClass(deps.tenant, classKey)) ?? record) };
      return { kind: 'promoted', view: view({ ...record, promotedAt: at, promotedBy: by }) };
    },
  };
}
