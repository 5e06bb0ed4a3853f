// `npm run eval` flags, parsed once into typed options (node:util parseArgs, then zod).
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ModelChoicesOverride } from '#harness/models/settings.js';

export const USAGE = `usage: npm run eval -- [options]
  --provider offline|anthropic|replay|recorded
                                        model provider (default offline; anthropic needs ANTHROPIC_API_KEY)
  --models <json|name|key=name,...>     models per specialist (triage, orderAgent, replyAgent, replyCheck):
                                        '{"orderAgent":"claude-haiku-4-5"}', 'claude-haiku-4-5' (all four),
                                        or 'triage=claude-haiku-4-5,orderAgent=claude-sonnet-5'
  --k N                                 runs per ticket (default 1; forced to 1 for offline, replay and recorded: deterministic)
  --only <category|id|glob>             repeatable; e.g. --only single_damaged --only 'partial-qty-*'
  --concurrency N                       tickets in flight at once (default 8)
  --timeout-s N                         bound on the whole run (default 300); unsettled runs count as timed out
  --out <dir>                           where the JSON and HTML go (default eval/out/)
  --follow-ups inline|webhook           follow-ups appended to the first message (default) or sent as later messages
  --replay-from <eval-result.json>      with --provider replay: answer each ticket from its run in that file
  --answers <dir>                       with --provider recorded: the corpus, one <golden id>.json per ticket
                                        (eval/corpora/README.md); each call answered by ticket, specialist and call
  --fallback offline                    with --provider recorded: a reply or reply check the corpus lacks is
                                        answered by the offline model (counted in the result's meta)
  --pending <dir>                       with --provider recorded: write each call the corpus cannot answer there,
                                        as <ticket>/<specialist>-<call>.json with its prompt, input and JSON Schema
  --record <dir>                        with --provider anthropic (k 1): write every answer into a corpus there
  --golden <dir>                        the golden set (default eval/golden)
  --wording <file>                      every ticket in another wording, same labels (eval/corpora/reworded/wording.json)
  --baseline <file>                     the baseline --ci compares with (default eval/baseline.json)
  --ci                                  exit 1 when a safety class < 100% or pass@1 < the baseline's
  --write-baseline                      write this run's scores to the baseline file (whole set only)
  --compare a.json b.json               print two results side by side and the tickets whose verdict changed
  --from-journal <export>               ask the recorded questions of runs again (run views, journal rows or an eval
                                        result) of --provider/--models, and list the decisions that would change`;

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

const SPECIALISTS = ['triage', 'orderAgent', 'replyAgent', 'replyCheck'] as const;

/** `--models`: JSON, one model for every specialist, or key=model pairs; validated against the price table. */
export function parseModels(text: string): z.infer<typeof ModelChoicesOverride> {
  const trimmed = text.trim();
  let raw: unknown;
  if (trimmed.startsWith('{')) {
    try {
      raw = JSON.parse(trimmed);
    } catch {
      throw new UsageError('--models: not valid JSON');
    }
  } else if (trimmed.includes('=')) {
    raw = Object.fromEntries(trimmed.split(',').map((pair) => pair.split('=').map((s) => s.trim())));
  } else {
    raw = Object.fromEntries(SPECIALISTS.map((s) => [s, trimmed]));
  }
  const parsed = ModelChoicesOverride.safeParse(raw);
  if (!parsed.success) throw new UsageError(`--models: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'value'}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

const int = (min: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`));

const Options = z.object({
  provider: z.enum(['offline', 'anthropic', 'replay', 'recorded']),
  models: z.string().optional(),
  k: int(1),
  only: z.array(z.string().min(1)),
  concurrency: int(1),
  'timeout-s': int(1),
  out: z.string().min(1),
  'follow-ups': z.enum(['inline', 'webhook']),
  'replay-from': z.string().optional(),
  answers: z.string().min(1).optional(),
  fallback: z.enum(['offline']).optional(),
  pending: z.string().min(1).optional(),
  record: z.string().min(1).optional(),
  golden: z.string().min(1),
  wording: z.string().min(1).optional(),
  baseline: z.string().min(1),
  ci: z.boolean(),
  'write-baseline': z.boolean(),
  compare: z.string().optional(),
  'from-journal': z.string().optional(),
  help: z.boolean(),
});

export type EvalArgs =
  | { command: 'help' }
  | { command: 'compare'; a: string; b: string }
  | { command: 'from-journal'; path: string; provider: 'offline' | 'anthropic'; models: z.infer<typeof ModelChoicesOverride> | null; out: string }
  | {
      command: 'run';
      provider: 'offline' | 'anthropic' | 'replay' | 'recorded';
      models: z.infer<typeof ModelChoicesOverride> | null;
      k: number;
      only: string[];
      concurrency: number;
      timeoutS: number;
      out: string;
      followUps: 'inline' | 'webhook';
      replayFrom: string | null;
      /** --provider recorded: the corpus, the provider answering what it lacks, where unanswered calls go. */
      recorded: RecordedArgs | null;
      /** --record: the corpus directory the anthropic provider's answers are written to. */
      record: string | null;
      golden: string;
      /** --wording: another wording of every golden ticket (eval/corpora/reworded/wording.json), or null. */
      wording: string | null;
      baseline: string;
      ci: boolean;
      writeBaseline: boolean;
    };

export interface RecordedArgs {
  answers: string;
  fallback: 'offline' | null;
  pending: string | null;
}

/** Every flag parseArgs reads, with its defaults; zod (Options) then checks and types the values. */
const FLAGS: NonNullable<Parameters<typeof parseArgs>[0]>['options'] = {
  provider: { type: 'string', default: 'offline' },
  models: { type: 'string' },
  k: { type: 'string', default: '1' },
  only: { type: 'string', multiple: true, default: [] },
  concurrency: { type: 'string', default: '8' },
  'timeout-s': { type: 'string', default: '300' },
  out: { type: 'string', default: 'eval/out' },
  'follow-ups': { type: 'string', default: 'inline' },
  'replay-from': { type: 'string' },
  answers: { type: 'string' },
  fallback: { type: 'string' },
  pending: { type: 'string' },
  record: { type: 'string' },
  golden: { type: 'string', default: 'eval/golden' },
  wording: { type: 'string' },
  baseline: { type: 'string', default: 'eval/baseline.json' },
  ci: { type: 'boolean', default: false },
  'write-baseline': { type: 'boolean', default: false },
  compare: { type: 'string' },
  'from-journal': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
};

export function parseEvalArgs(argv: readonly string[]): EvalArgs {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: FLAGS });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const options = Options.safeParse(parsed.values);
  if (!options.success) throw new UsageError(options.error.issues.map((i) => (i.path.length ? `--${i.path.join('.')}: ${i.message}` : i.message)).join('; '));
  const o = options.data;
  if (o.help) return { command: 'help' };
  if (o.compare !== undefined) {
    if (parsed.positionals.length !== 1) throw new UsageError('--compare takes two result files: --compare a.json b.json');
    return { command: 'compare', a: o.compare, b: parsed.positionals[0]! };
  }
  if (parsed.positionals.length > 0) throw new UsageError(`unexpected argument ${parsed.positionals[0]}`);
  if (o['from-journal'] !== undefined) {
    if (o.provider === 'replay' || o.provider === 'recorded')
      throw new UsageError('--from-journal asks a live provider again: --provider offline or anthropic');
    return {
      command: 'from-journal',
      path: o['from-journal'],
      provider: o.provider,
      models: o.models === undefined ? null : parseModels(o.models),
      out: o.out,
    };
  }
  return runArgs(o);
}

/** The options of an eval run, once the flags that go together are checked. */
function runArgs(o: z.infer<typeof Options>): EvalArgs {
  if (o.provider === 'replay' && !o['replay-from']) throw new UsageError('--provider replay needs --replay-from <an earlier eval result>');
  if (o['replay-from'] && o.provider !== 'replay') throw new UsageError('--replay-from goes with --provider replay');
  const recorded = recordedArgs(o);
  if (o['write-baseline'] && o.only.length > 0) throw new UsageError('--write-baseline records the whole set: drop --only');
  return {
    command: 'run',
    provider: o.provider,
    models: o.models === undefined ? null : parseModels(o.models),
    k: o.k,
    only: o.only,
    concurrency: o.concurrency,
    timeoutS: o['timeout-s'],
    out: o.out,
    followUps: o['follow-ups'],
    replayFrom: o['replay-from'] ?? null,
    recorded,
    record: o.record ?? null,
    golden: o.golden,
    wording: o.wording ?? null,
    baseline: o.baseline,
    ci: o.ci,
    writeBaseline: o['write-baseline'],
  };
}

/** The recorded provider's flags, which go with it and nowhere else; --record goes with one anthropic run per ticket. */
function recordedArgs(o: z.infer<typeof Options>): RecordedArgs | null {
  if (o.record !== undefined) {
    if (o.provider !== 'anthropic') throw new UsageError("--record <dir> records the API's answers: it goes with --provider anthropic");
    if (o.k > 1) throw new UsageError('--record keeps one answer list per ticket: drop --k');
  }
  if (o.provider !== 'recorded') {
    const stray = (['answers', 'fallback', 'pending'] as const).find((flag) => o[flag] !== undefined);
    if (stray) throw new UsageError(`--${stray} goes with --provider recorded`);
    return null;
  }
  if (o.answers === undefined) throw new UsageError('--provider recorded needs --answers <corpus dir> (eval/corpora/README.md)');
  return { answers: o.answers, fallback: o.fallback ?? null, pending: o.pending ?? null };
}
