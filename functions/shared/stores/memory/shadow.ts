// In-memory ShadowStore with the DynamoDB adapter's semantics: the resolution is a conditional write
// on the run (none yet, or still exactly the one it supersedes), then the class counters; a promotion
// holds only on the figures it was checked on. Shares the in-memory run map (stores.ts).
import { Run } from '../../domain/run.js';
import type { ShadowClassRecord, ShadowPromotion, ShadowStore } from '../ports.js';
import { plain } from '#harness/adapters/records.js';

export function createInMemoryShadowStore(deps: { runs: Map<string, Run>; now: () => string }): ShadowStore {
  const classes = new Map<string, ShadowClassRecord>();
  const promotions: Array<ShadowPromotion & { tenant: string }> = [];
  const id = (tenant: string, classKey: string) => `${tenant}#${classKey}`;

  return {
    async recordResolution({ tenant, runId, classKey, resolution, replacing }) {
      const run = deps.runs.get(runId);
      if (!run || run.tenant !== tenant || !run.shadow) return false;
      const current = run.shadow.resolution ?? null;
      const matches = replacing ? current?.by === replacing.by && current.sourceId === replacing.sourceId : current === null;
      if (!matches) return false;
      deps.runs.set(runId, Run.parse(plain({ ...run, shadow: { ...run.shadow, resolution }, updatedAt: deps.now() })));
      const record = classes.get(id(tenant, classKey)) ?? { classKey, resolved: 0, agreed: 0, promotedAt: null, promotedBy: null };
      const counted = (r: { agrees: boolean } | null) => (r?.agrees ? 1 : 0);
      classes.set(id(tenant, classKey), {
        ...record,
        resolved: record.resolved + (replacing ? 0 : 1),
        agreed: record.agreed + counted(resolution) - counted(replacing),
      });
      return true;
    },

    async getClass(tenant, classKey) {
      const record = classes.get(id(tenant, classKey));
      return record ? plain(record) : null;
    },

    async listClasses(tenant) {
      return [...classes.entries()]
        .filter(([key]) => key.startsWith(`${tenant}#`))
        .map(([, record]) => plain(record))
        .sort((a, b) => a.classKey.localeCompare(b.classKey));
    },

    async promote(tenant, promotion) {
      const record = classes.get(id(tenant, promotion.classKey));
      if (!record || record.promotedAt !== null || record.resolved !== promotion.resolved || record.agreed !== promotion.agreed) return false;
      classes.set(id(tenant, promotion.classKey), { ...record, promotedAt: promotion.at, promotedBy: promotion.by });
      promotions.push({ tenant, ...plain(promotion) });
      return true;
    },

    async listPromotions(tenant) {
      return promotions
        .filter((p) => p.tenant === tenant)
        .sort((a, b) => `${a.at}#${a.classKey}`.localeCompare(`${b.at}#${b.classKey}`))
        .map(({ tenant: _tenant, ...rest }) => plain(rest));
    },
  };
}
