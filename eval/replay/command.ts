// `npm run eval -- --from-journal <export>`: every run in the export asked again of the chosen
// provider and models (default offline), its decision compared with the recorded one; the changed
// runs printed, everything written as JSON. Nothing reaches Shopify or the helpdesk.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { selectModels } from '#harness/models/index.js';
import type { ModelSettings } from '#harness/models/settings.js';
import { loadJournalExport } from './load.js';
import { reaskRun, type ReaskOutcome, type Reading } from './reask.js';

export interface FromJournalReport {
  provider: string;
  models: Record<string, string>;
  compared: number;
  changed: number;
  skipped: number;
  outcomes: ReaskOutcome[];
}

const show = (r: Reading) =>
  `${r.decision} ${r.amountMinor} [${r.lines.map((l) => `${l.lineItemId.split('/').at(-1)}×${l.quantity}`).join(', ')}]${r.remedy && r.remedy !== 'refund' ? ` remedy ${r.remedy}` : ''}`;

export async function fromJournal(input: {
  path: string;
  settings: ModelSettings;
  out: string;
  progress?: (done: number, total: number) => void;
}): Promise<{ report: FromJournalReport; text: string; jsonPath: string }> {
  const runs = loadJournalExport(input.path);
  const { provider, choices } = selectModels(input.settings);
  const outcomes: ReaskOutcome[] = [];
  let done = 0;
  for (const [runId, rows] of runs) {
    outcomes.push(await reaskRun(runId, rows, provider, choices));
    input.progress?.(++done, runs.size);
  }
  const compared = outcomes.filter((o) => o.kind === 'compared');
  const changed = compared.filter((o) => o.changed);
  const report: FromJournalReport = {
    provider: provider.name,
    models: { ...choices },
    compared: compared.length,
    changed: changed.length,
    skipped: outcomes.length - compared.length,
    outcomes,
  };
  const lines = [
    `refund-agent eval --from-journal: ${provider.name}, ${runs.size} runs in the export, ${compared.length} asked again, ${outcomes.length - compared.length} skipped`,
    `decisions that would change: ${changed.length} of ${compared.length}`,
    ...changed.map((o) => `  ${o.runId}: ${show(o.recorded)} → ${show(o.reasked)}${o.promptChanged ? ' (prompt changed since the run)' : ''}`),
    ...outcomes.filter((o) => o.kind === 'skipped').map((o) => `  skipped ${o.runId}: ${o.reason}`),
  ];
  mkdirSync(input.out, { recursive: true });
  const jsonPath = join(input.out, `from-journal-${provider.name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
  return { report, text: lines.join('\n'), jsonPath };
}
