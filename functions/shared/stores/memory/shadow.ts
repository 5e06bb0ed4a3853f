// In-memory ShadowStore with the DynamoDB adapter's semantics: the resolution is a conditional write
// on the run (none yet, or still exactly the one it supersedes), then its sample (in the window of the
// order's first resolution) and the class counters; a promotion holds only on the figures it was
// checked on. Shares the in-memory run map (stores.ts).
import { Run } from '../../domain/run.js';
import type { ShadowClassRecord, ShadowPromotion, ShadowStore } from '../ports.js';
import { sampleDelta, sampleFiguresOf, type StoredSample } from '../shadow-samples.js';
import { jsonCopy } from '#harness/adapters/records.js';

type Counters = { classKey: string; resolved: number; agreed: number; promotedAt: string | null; promotedBy: string | null };
type Resolution = Parameters<ShadowStore['recordResolution']>[0];

/** What the store holds, shared by the functions below. */
interface ShadowMemory {
  runs: Map<string, Run>;
  now: () => string;
  classes: Map<string, Counters>;
  /** `<tenant>#<classKey>` → sample key `<customer>#<window>` → the sample. */
  samples: Map<string, Map<string, StoredSample>>;
  /** `<tenant>#<classKey>#<order>` → the window of the order's first resolution. */
  anchors: Map<string, string>;
  promotions: Array<ShadowPromotion & { tenant: string }>;
}

const id = (tenant: string, classKey: string) => `${tenant}#${classKey}`;

export function createInMemoryShadowStore(deps: { runs: Map<string, Run>; now: () => string }): ShadowStore {
  const memory: ShadowMemory = { runs: deps.runs, now: deps.now, classes: new Map(), samples: new Map(), anchors: new Map(), promotions: [] };
  const { classes, promotions } = memory;

  return {
    async recordResolution(input) {
      if (!writeOnRun(memory, input)) return false;
      countInSample(memory, input);
      countInClass(memory, input);
      return true;
    },

    async getClass(tenant, classKey) {
      const record = classes.get(id(tenant, classKey));
      return record ? withFigures(memory, tenant, record) : null;
    },

    async listClasses(tenant) {
      return [...classes.entries()]
        .filter(([key]) => key.startsWith(`${tenant}#`))
        .map(([, record]) => withFigures(memory, tenant, record))
        .sort((a, b) => a.classKey.localeCompare(b.classKey));
    },

    async promote(tenant, promotion) {
      const record = classes.get(id(tenant, promotion.classKey));
      if (!record || record.promotedAt !== null || record.resolved !== promotion.resolved || record.agreed !== promotion.agreed) return false;
      classes.set(id(tenant, promotion.classKey), { ...record, promotedAt: promotion.at, promotedBy: promotion.by });
      promotions.push({ tenant, ...jsonCopy(promotion) });
      return true;
    },

    async listPromotions(tenant) {
      return promotions
        .filter((p) => p.tenant === tenant)
        .sort((a, b) => `${a.at}#${a.classKey}`.localeCompare(`${b.at}#${b.classKey}`))
        .map(({ tenant: _tenant, ...rest }) => jsonCopy(rest));
    },
  };
}

function withFigures(memory: ShadowMemory, tenant: string, counters: Counters): ShadowClassRecord {
  const figures = sampleFiguresOf([...(memory.samples.get(id(tenant, counters.classKey))?.values() ?? [])]);
  return jsonCopy({ ...counters, ...figures });
}

/** The conditional write on the run: none yet, or still exactly the resolution it supersedes. False when it does not hold. */
function writeOnRun(memory: ShadowMemory, { tenant, runId, resolution, replacing }: Resolution): boolean {
  const run = memory.runs.get(runId);
  if (!run || run.tenant !== tenant || !run.shadow) return false;
  const current = run.shadow.resolution ?? null;
  const matches = replacing ? current?.by === replacing.by && current.sourceId === replacing.sourceId : current === null;
  if (!matches) return false;
  memory.runs.set(runId, Run.parse(jsonCopy({ ...run, shadow: { ...run.shadow, resolution }, updatedAt: memory.now() })));
  return true;
}

/** The resolution on its sample, in the window of the order's first resolution. */
function countInSample(memory: ShadowMemory, { tenant, classKey, resolution, replacing, sample }: Resolution): void {
  const { anchors, samples } = memory;
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
}

/** The class counters: a new resolution counts once, a superseding one moves only the agreement. */
function countInClass(memory: ShadowMemory, { tenant, classKey, resolution, replacing }: Resolution): void {
  const record = memory.classes.get(id(tenant, classKey)) ?? { classKey, resolved: 0, agreed: 0, promotedAt: null, promotedBy: null };
  const counted = (r: { agrees: boolean } | null) => (r?.agrees ? 1 : 0);
  memory.classes.set(id(tenant, classKey), {
    ...record,
    resolved: record.resolved + (replacing ? 0 : 1),
    agreed: record.agreed + counted(resolution) - counted(replacing),
  });
}
