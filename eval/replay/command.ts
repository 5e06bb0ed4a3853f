// `npm run eval -- --from-journal <export> [--policy <file>]`: every run in the export through today's
// code. Its recorded answers are re-gated under today's policy and compared with the decision the
// run journaled (a policy or gate change), and its recorded questions are asked again of the chosen
// provider and models (default offline), today's gate on both (a model or prompt change). The changed
// runs printed, everything written as JSON. Nothing reaches Shopify or the helpdesk.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { selectModels } from '#harness/adapters/models/select.js';
import type { ModelSettings } from '#harness/models/settings.js';
import { DEFAULT_POLICY, type Policy } from '#harness/policy/index.js';
import { loadRunExport } from './load.js';
import { reaskRun, type ReaskOutcome, type Reading } from './reask.js';

export interface FromJournalReport {
  provider: string;
  models: Record<string, string>;
  /** The policy today's gate ran under (`<version>+<hash>`). */
  policyVersion: string;
  compared: number;
  /** Runs whose decision changes: by today's gate on the recorded answers, or by the new answers. */
  changed: number;
  gateChanged: number;
  modelChanged: number;
  skipped: number;
  outcomes: ReaskOutcome[];
}

const show = (r: Reading) =>
  `${r.decision} ${r.amountMinor} [${r.lines.map((l) => `${l.lineItemId.split('/').at(-1)}×${l.quantity}`).join(', ')}]${r.remedy && r.remedy !== 'refund' ? ` remedy ${r.remedy}` : ''}`;
const why = (r: Reading) => (r.rules.length > 0 ? ` (${r.rules.join(', ')})` : '');

type Compared = Extract<ReaskOutcome, { kind: 'compared' }>;

function report(outcomes: ReaskOutcome[], provider: string, models: Record<string, string>, policy: Policy): FromJournalReport {
  const compared = outcomes.filter((o): o is Compared => o.kind === 'compared');
  return {
    provider,
    models,
    policyVersion: policy.version,
    compared: compared.length,
    changed: compared.filter((o) => o.changed).length,
    gateChanged: compared.filter((o) => o.gateChanged === true).length,
    modelChanged: compared.filter((o) => o.modelChanged).length,
    skipped: outcomes.length - compared.length,
    outcomes,
  };
}

function render(r: FromJournalReport, runsInExport: number): string {
  const compared = r.outcomes.filter((o): o is Compared => o.kind === 'compared');
  const ungated = compared.filter((o) => o.recorded === null).length;
  return [
    `refund-agent eval --from-journal: ${r.provider}, policy ${r.policyVersion}, ${runsInExport} runs in the export, ${r.compared} asked again, ${r.skipped} skipped`,
    `decisions that would change: ${r.changed} of ${r.compared}`,
    `  by today's gate and policy on the recorded answers: ${r.gateChanged}${ungated > 0 ? ` (${ungated} never reached the gate)` : ''}`,
    ...compared
      .filter((o) => o.gateChanged)
      .map((o) => `    ${o.runId}: ${show(o.recorded!)} → ${show(o.regated)}${why(o.regated)}${o.policyThen ? ` (decided under policy ${o.policyThen})` : ''}`),
    `  by the answers ${r.provider} gives today: ${r.modelChanged}`,
    ...compared
      .filter((o) => o.modelChanged)
      .map((o) => `    ${o.runId}: ${show(o.regated)} → ${show(o.reasked)}${o.promptChanged ? ' (prompt changed since the run)' : ''}`),
    ...r.outcomes.filter((o) => o.kind === 'skipped').map((o) => `  skipped ${o.runId}: ${o.reason}`),
  ].join('\n');
}

export async function fromJournal(input: {
  path: string;
  settings: ModelSettings;
  out: string;
  /** Today's policy: the default, or the one --policy names. */
  policy?: Policy;
  progress?: (done: number, total: number) => void;
}): Promise<{ report: FromJournalReport; text: string; jsonPath: string }> {
  const runs = loadRunExport(input.path);
  const policy = input.policy ?? DEFAULT_POLICY;
  const { provider, choices } = selectModels(input.settings);
  const outcomes: ReaskOutcome[] = [];
  let done = 0;
  for (const [runId, run] of runs) {
    outcomes.push(await reaskRun(runId, run.rows, provider, choices, policy, run.facts));
    input.progress?.(++done, runs.size);
  }
  const result = report(outcomes, provider.name, { ...choices }, policy);
  mkdirSync(input.out, { recursive: true });
  const jsonPath = join(input.out, `from-journal-${provider.name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(jsonPath, `${JSON.stringify(result, null, 2)}\n`);
  return { report: result, text: render(result, runs.size), jsonPath };
}
