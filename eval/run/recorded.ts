// Recorded answers in the eval: `--provider recorded --answers <dir>` answers every model call from
// a corpus by golden ticket, specialist and call (harness/adapters/models/recorded/), and `--record <dir>`
// writes such a corpus from the anthropic provider's answers. The eval builds these providers
// itself and gives every runtime the same one, where the other providers are chosen by each runtime
// from its model settings. A model call names its run, and a golden ticket's run id is derived from
// the eval tenant, its helpdesk and its ticket id (runIdFor), so the run says which ticket it is.
// The corpus format is eval/corpora/README.md's.
import { requestRunId } from '#functions/shared/domain/ticket-requests.js';
import { MAX_TICKET_REQUESTS } from '#harness/domain/types.js';
import { resolve } from 'node:path';
import { runIdFor } from '#functions/shared/ids.js';
import { HarnessConfigError } from '#harness/errors.js';
import { DEFAULT_MODEL_CHOICES } from '#harness/models/index.js';
import {
  createOfflineModelProvider,
  createRecordedModelProvider,
  createRecordingModelProvider,
  readCorpus,
  selectModels,
  type ModelSetup,
  type RecordingModelProvider,
} from '#harness/adapters/models/index.js';
import type { GoldenTicket } from '../golden/schema.js';
import { UsageError, type EvalArgs, type RecordedArgs } from './args.js';
import { GoldenSetError } from './golden.js';
import { EVAL_TENANT, type EvalModelSetup, type SettingsChoice } from './runner.js';

type RunArgs = Extract<EvalArgs, { command: 'run' }>;
export type SettingsChooser = (ticket: GoldenTicket, attempt: number) => SettingsChoice;

/** What the result's meta says of recorded answers: where they came from, and how many did not come from the corpus. */
export interface RecordedMeta {
  answers: string;
  /** Tickets the corpus has a file for. */
  corpusTickets: number;
  fallback: 'offline' | null;
  fromCorpus: number;
  fromFallback: number;
  /** Calls the corpus could not answer (each failed its run), as `<ticket>/<specialist>/<call>`. */
  missing: string[];
  pending: string | null;
}

/** What the result's meta says of a recording: where the corpus went and how many answers it got. */
export interface RecordingMeta {
  dir: string;
  answers: number;
}

export interface EvalModels {
  settingsFor: SettingsChooser;
  /** Read once the run is over: what the answers came to. */
  meta(): { recorded?: RecordedMeta; recording?: RecordingMeta };
}

/**
 * The settings chooser of the run: `live` (the runtime chooses from its settings) unless the run
 * answers from a corpus or records one.
 */
export function evalModels(args: RunArgs, ctx: { cwd: string; tickets: readonly GoldenTicket[]; live: () => SettingsChooser }): EvalModels {
  if (args.recorded) return recordedModels(args.recorded, args, ctx);
  if (args.record) return recordingModels(args.record, ctx);
  return { settingsFor: ctx.live(), meta: () => ({}) };
}

/** The golden ticket of a run id, for the tickets of this eval run. */
export function goldenTicketOfRun(tickets: readonly GoldenTicket[]): (runId: string) => string | null {
  const byRun = new Map<string, string>();
  for (const ticket of tickets) {
    const runId = runIdFor({ tenant: EVAL_TENANT, helpdesk: ticket.helpdesk, ticketId: ticket.ticketId });
    const other = byRun.get(runId);
    if (other) throw new GoldenSetError(`golden tickets ${other} and ${ticket.id} are the same ${ticket.helpdesk} ticket ${ticket.ticketId}`);
    byRun.set(runId, ticket.id);
    // A ticket with several requests: each other request's run is answered as a ticket of its own, "<id>.r<k>"
    // (its n-th order-agent call is its own, not the first run's).
    for (let k = 2; k <= MAX_TICKET_REQUESTS; k++) byRun.set(requestRunId(runId, k), requestCorpusId(ticket.id, k));
  }
  return (runId) => byRun.get(runId) ?? null;
}

/** The corpus id of request `index`'s run of a golden ticket with several requests. */
export const requestCorpusId = (ticketId: string, index: number) => `${ticketId}.r${index}`;

function recordedModels(recorded: RecordedArgs, args: RunArgs, ctx: { cwd: string; tickets: readonly GoldenTicket[] }): EvalModels {
  const pending = recorded.pending === null ? null : resolve(ctx.cwd, recorded.pending);
  const corpus = readCorpusOrUsageError(resolve(ctx.cwd, recorded.answers));
  const provider = createRecordedModelProvider({
    corpus,
    keyOf: goldenTicketOfRun(ctx.tickets),
    ...(recorded.fallback === 'offline' ? { fallback: { provider: createOfflineModelProvider() } } : {}),
    ...(pending ? { pending } : {}),
  });
  // The requests name priced models (the gateway reserves by them, at zero cost): the defaults, or --models.
  const models: EvalModelSetup = {
    provider,
    choices: { ...DEFAULT_MODEL_CHOICES, ...args.models },
    faultOf: (ticketId) => {
      const calls = provider.stats().missing.filter((m) => m.ticketId === ticketId);
      return calls.length === 0 ? null : `no recorded answer for ${calls.map((m) => `${m.specialist} call ${m.call}`).join(', ')}`;
    },
  };
  return {
    settingsFor: () => ({ key: 'recorded', settings: {}, models }),
    meta: () => {
      const stats = provider.stats();
      return {
        recorded: {
          answers: recorded.answers,
          corpusTickets: corpus.size,
          fallback: recorded.fallback,
          fromCorpus: stats.fromCorpus,
          fromFallback: stats.fromFallback,
          missing: stats.missing.map((m) => `${m.ticketId}/${m.specialist}/${m.call}`),
          pending: recorded.pending,
        },
      };
    },
  };
}

export function readCorpusOrUsageError(dir: string) {
  try {
    return readCorpus(dir);
  } catch (error) {
    if (error instanceof HarnessConfigError) throw new UsageError(`--answers: ${error.message}`);
    throw error;
  }
}

/** Each runtime's provider (chosen from its settings as the runtime would) wrapped to record its answers. */
function recordingModels(dir: string, ctx: { cwd: string; tickets: readonly GoldenTicket[]; live: () => SettingsChooser }): EvalModels {
  const live = ctx.live();
  const keyOf = goldenTicketOfRun(ctx.tickets);
  const target = resolve(ctx.cwd, dir);
  const recorders = new Map<string, { setup: ModelSetup; recorder: RecordingModelProvider }>();
  const recorderFor = (key: string, settings: Parameters<typeof selectModels>[0]) => {
    const known = recorders.get(key);
    if (known) return known.setup;
    const chosen = selectModels(settings);
    const recorder = createRecordingModelProvider(chosen.provider, { dir: target, keyOf });
    const setup = { provider: recorder, choices: chosen.choices };
    recorders.set(key, { setup, recorder });
    return setup;
  };
  return {
    settingsFor: (ticket, attempt) => {
      const choice = live(ticket, attempt);
      return 'error' in choice ? choice : { ...choice, models: recorderFor(choice.key, choice.settings) };
    },
    meta: () => ({ recording: { dir, answers: [...recorders.values()].reduce((n, r) => n + r.recorder.recorded(), 0) } }),
  };
}
