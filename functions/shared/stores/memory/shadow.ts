// In-memory ShadowStore with the DynamoDB adapter's semantics: the resolution is a conditional write
// on the run (none yet, or still exactly the one it supersedes, which it then keeps), then its
// counting: its moves on its sample (in the window of the order's first resolution), each made once
// by a token the sample keeps, so that redoing the counting after a crash counts nothing twice. The
// class's figures are derived from its samples; a promotion holds only on the figures it was checked
// on, read and written in one step here (nothing can be counted in between). Shares the in-memory
// run map (stores.ts).
import { Run, type ShadowResolution } from '../../domain/run.js';
import type { ShadowClassRecord, ShadowPromotion, ShadowResolutionInput, ShadowStore } from '../ports.js';
import { countingsOf, sameFigures, sampleFiguresOf, withSupersedes, type StoredSample } from '../shadow-samples.js';
import { jsonCopy } from '#harness/adapters/records.js';

type ClassRow = { classKey: string; promotedAt: string | null; promotedBy: string | null };
type Resolution = Parameters<ShadowStore['recordResolution']>[0];
/** A sample with the tokens (`<runId>#<sourceId>`) of the moves it has counted. */
type Sample = StoredSample & { counted: readonly string[] };

/** What the store holds, shared by the functions below. */
interface ShadowMemory {
  runs: Map<string, Run>;
  now: () => string;
  classes: Map<string, ClassRow>;
  /** `<tenant>#<classKey>` → sample key `<customer>#<window>` → the sample. */
  samples: Map<string, Map<string, Sample>>;
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
      const written = writeOnRun(memory, input);
      if (!written) return false;
      count(memory, { ...input, resolution: written });
      return true;
    },

    async countResolution(input) {
      const held = memory.runs.get(input.runId);
      const resolution = held?.tenant === input.tenant ? held.shadow?.resolution : undefined;
      if (resolution?.sourceId !== input.resolution.sourceId) return false;
      count(memory, { ...input, resolution });
      return true;
    },

    async getClass(tenant, classKey) {
      const row = classes.get(id(tenant, classKey));
      return row ? withFigures(memory, tenant, row) : null;
    },

    async listClasses(tenant) {
      return [...classes.entries()]
        .filter(([key]) => key.startsWith(`${tenant}#`))
        .map(([, row]) => withFigures(memory, tenant, row))
        .sort((a, b) => a.classKey.localeCompare(b.classKey));
    },

    async promote(tenant, promotion) {
      const row = classes.get(id(tenant, promotion.classKey));
      if (!row || row.promotedAt !== null || !sameFigures(withFigures(memory, tenant, row), promotion)) return false;
      classes.set(id(tenant, promotion.classKey), { ...row, promotedAt: promotion.at, promotedBy: promotion.by });
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

function withFigures(memory: ShadowMemory, tenant: string, row: ClassRow): ShadowClassRecord {
  const samples = [...(memory.samples.get(id(tenant, row.classKey))?.values() ?? [])].map(({ counted: _counted, ...sample }) => sample);
  return jsonCopy({ ...row, ...sampleFiguresOf(samples) });
}

/**
 * The conditional write on the run: none yet, or still exactly the resolution it supersedes (then kept
 * on it as `supersedes`). The resolution as written; null when the condition does not hold.
 */
function writeOnRun(memory: ShadowMemory, { tenant, runId, resolution, replacing }: Resolution): ShadowResolution | null {
  const run = memory.runs.get(runId);
  if (!run || run.tenant !== tenant || !run.shadow) return null;
  const current = run.shadow.resolution ?? null;
  const matches = replacing ? current?.by === replacing.by && current.sourceId === replacing.sourceId : current === null;
  if (!matches) return null;
  const written = withSupersedes(resolution, replacing);
  memory.runs.set(runId, Run.parse(jsonCopy({ ...run, shadow: { ...run.shadow, resolution: written }, updatedAt: memory.now() })));
  return written;
}

/** The resolution's moves on its sample, in the window of the order's first resolution, each once; the class created with it. */
function count(memory: ShadowMemory, { tenant, classKey, runId, resolution, sample }: ShadowResolutionInput): void {
  const { anchors, samples } = memory;
  const anchorKey = sample.order === null ? null : `${id(tenant, classKey)}#${sample.order}`;
  const window = (anchorKey && anchors.get(anchorKey)) ?? sample.window;
  if (anchorKey && !anchors.has(anchorKey)) anchors.set(anchorKey, window);
  const ofClass = samples.get(id(tenant, classKey)) ?? new Map<string, Sample>();
  samples.set(id(tenant, classKey), ofClass);
  const key = `${sample.customer}#${window}`;
  for (const { token, delta } of countingsOf(runId, resolution)) {
    const stored = ofClass.get(key) ?? { customer: sample.customer, window, resolutions: 0, disagreements: 0, orders: [], counted: [] };
    if (stored.counted.includes(token)) continue;
    ofClass.set(key, {
      ...stored,
      resolutions: stored.resolutions + delta.resolutions,
      disagreements: stored.disagreements + delta.disagreements,
      orders: sample.order === null || stored.orders.includes(sample.order) ? stored.orders : [...stored.orders, sample.order],
      counted: [...stored.counted, token],
    });
  }
  if (!memory.classes.has(id(tenant, classKey))) memory.classes.set(id(tenant, classKey), { classKey, promotedAt: null, promotedBy: null });
}
