// A run store that records every write to the run row (the patch's fields, and whether it was
// conditional), and can let something happen just before a chosen write: the row is billed by its
// whole size at each write, so how many a step makes is a cost the tests pin.
import type { Run } from '#functions/shared/domain/run.js';
import type { RunPatch, RunStore } from '#functions/shared/stores/ports.js';

export type RunWrite = { fields: string[]; state: string | null; conditional: boolean };

export function recordingRuns(runs: RunStore, before?: (patch: RunPatch) => Promise<void>) {
  const writes: RunWrite[] = [];
  const record = (patch: RunPatch, conditional: boolean) =>
    writes.push({ fields: Object.keys(patch).sort(), state: (patch.state as string | undefined) ?? null, conditional });
  const store: RunStore = Object.assign(Object.create(runs) as RunStore, {
    async update(runId: string, patch: RunPatch): Promise<Run> {
      await before?.(patch);
      record(patch, false);
      return runs.update(runId, patch);
    },
    async updateIf(runId: string, patch: RunPatch, condition: Parameters<RunStore['updateIf']>[2]): Promise<Run | null> {
      await before?.(patch);
      record(patch, true);
      return runs.updateIf(runId, patch, condition);
    },
  });
  return { store, writes };
}
