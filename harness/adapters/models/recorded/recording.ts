// The recording provider: passes every call to another provider (the anthropic one) and appends
// each answer to the ticket's corpus file (corpus.ts) under its specialist, so the recorded provider
// can later replay the run call by call. An answer that fails its schema is kept too: the gateway's
// repair call that follows is the next call, on replay as on the API. A reply that is not an answer
// (cut at max_tokens, a refusal, tool calls left unfinished) is not one: the gateway retries or
// fails on it, and a replay never sees it. Built by the eval for `--record <dir>`.
import { HarnessConfigError } from '../../../errors.js';
import type { ModelProvider, ModelRequest, ModelResponse } from '../../../ports.js';
import { writeCorpusFile, type CorpusFile } from './corpus.js';

/** The stop reasons the gateway does not read as an answer (its STOP_KINDS). */
const NOT_ANSWERS = new Set(['max_tokens', 'model_context_window_exceeded', 'refusal', 'tool_use', 'pause_turn']);

export interface RecordingOptions {
  /** The corpus directory; a ticket's file is replaced by the first answer recorded for it. */
  dir: string;
  /** The golden ticket a run is for (null: not a golden ticket's run, which is refused). */
  keyOf(runId: string): string | null;
}

export interface RecordingModelProvider extends ModelProvider {
  /** Answers written so far. */
  recorded(): number;
}

export function createRecordingModelProvider(inner: ModelProvider, options: RecordingOptions): RecordingModelProvider {
  const files = new Map<string, CorpusFile>();
  let recorded = 0;

  /** Checked before the call: a run no ticket answers for is refused before it costs anything. */
  const ticketOf = (request: ModelRequest<unknown>) => {
    const ticketId = request.runId ? options.keyOf(request.runId) : null;
    if (ticketId === null)
      throw new HarnessConfigError(`cannot record a ${request.specialist} answer of run ${request.runId ?? '(none)'}: not a golden ticket's run`);
    return ticketId;
  };

  const record = (ticketId: string, request: ModelRequest<unknown>, output: unknown) => {
    const file = files.get(ticketId) ?? { ticketId, answers: {} };
    files.set(ticketId, file);
    (file.answers[request.specialist] ??= []).push(output);
    // A synchronous write of the whole file (temporary file, then rename): two answers of one ticket never interleave.
    writeCorpusFile(options.dir, file);
    recorded += 1;
  };

  return {
    // The inner provider's name: the journal and the price table see the real provider.
    name: inner.name,
    recorded: () => recorded,
    async complete<T>(request: ModelRequest<T>): Promise<ModelResponse<T>> {
      const ticketId = ticketOf(request as ModelRequest<unknown>);
      const response = await inner.complete(request);
      if (!NOT_ANSWERS.has(response.stopReason)) record(ticketId, request as ModelRequest<unknown>, response.output);
      return response;
    },
  };
}
