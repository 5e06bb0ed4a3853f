// In-memory ShadowStore with the DynamoDB adapter's semantics: the resolution is a conditional write
// on the run (none yet, or still exactly the one it supersedes), then its sample (in the window of the
// order's first resolution) and the class counters; a promotion holds only on the figures it was
// checked on. Shares the in-memory run map (stores.ts).
import { Run } from '../../domain/run.js';
import type { ShadowClassRecord, ShadowPromotion, ShadowStore } from '../ports.js';
import { sampleDelta, sampleFiguresOf, type StoredSample } from '../shadow-samples.js';
import { plain } from '#harness/adapters/records.js';

type Counters = { classKey: string; resolved: number; agreed: number; promotedAt: string | null; promotedBy: string | null };

export function createInMemoryShadowStore(deps: { runs: Map<string, Run>; now: () => string }): ShadowStore {
  const classes = new Map<string, Counters>();
  /** `<tenant>#<classKey>` → sample key `<customer>#<window>` → the sample. */
  const samples = new Map<string, Map<string, StoredSample>>();
  /** `<tenant>#<classKey>#<order>` → the window of the order's first resolution. */
  const anchors = new Map<string, string>();
  const promotions: Array<ShadowPromotion & { tenant: string }> = [];
  const id = (tenant: string, classKey: string) => `${tenant}#${classKey}`;

  function withFigures(tenant: string, counters: Counters): ShadowClassRecord {
    const figures = sampleFiguresOf([...(samples.get(id(tenant, counters.classKey))?.values() ?? [])]);
    return plain({ ...counters, ...figures });
  }

  return {
    async recordResolution({ tenant, runId, classKey, resolution, replacing, sample }) {
      const run = deps.runs.get(runId);
      if (!run || run.tenant !== tenant || !run.shadow) return false;
      const current = run.shadow.resolution ?? null;
      const matches = replacing ? current?.by === replacing.by && current.sourceId === replacing.sourceId : current === null;
      if (!matches) return false;
      deps.runs.set(runId, Run.parse(plain({ ...run, shadow: { ...run.shadow, resolution }, updatedAt: deps.now() })));

      const anchorKey = sample.order === null ? null : `${id(tenant, classKey)}#${sample.order}`;
      const window = (anchorKey && anchors.get(anchorKey)) ?? sample.window;
      if (anchorKey && !anchors.has(anchorKey)) anchors.set(anchorKey, window);
      const ofClass = samples.get(id(tenant, classKey)) ?? new Map<string, StoredSample>();
      samples.set(id(tenant, classKey), ofClass);
      const stored = ofClass.get(`${sample.customer}#${window}`) ?? { customer: sample.customer, window, resolutions: 0, disagreements: 0, orders: [] };
      const delta = sampleDelta(resolution, replacing);
      ofClass.set(`${sample.customer}#${window}`, {
        ...stored,
        resolutions: stored.resolutions + delta.resolutions,
        disagreements: stored.disagreements + delta.disagreements,
        orders: sample.order === null || stored.orders.includes(sample.order) ? stored.orders : [...stored.orders, sample.order],
      });

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
      return record ? withFigures(tenant, record) : null;
    },

    async listClasses(tenant) {
      return [...classes.entries()]
        .filter(([key]) => key.startsWith(`${tenant}#`))
        .map(([, record]) => withFigures(tenant, record))
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
