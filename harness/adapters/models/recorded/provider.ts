// The recorded model provider: answers each call from a corpus (corpus.ts) by golden ticket,
// specialist and call index — the n-th call of a specialist in a ticket's run gets the n-th recorded
// answer, whatever the prompt now says — calling no model and running no tool. The gateway checks
// the answer against today's schema as it checks any provider's. A call the corpus cannot answer is
// answered by the fallback provider when its specialist is one the fallback may answer, otherwise
// written down as a pending request (pending.ts) and refused. Built by the eval (eval/run/recorded.ts).
import { HarnessConfigError } from '../../../errors.js';
import type { ModelProvider, ModelRequest, ModelResponse, Specialist } from '../../../ports.js';
import type { Corpus } from './corpus.js';
import { writePendingRequest } from './pending.js';

/** The fallback answers only what cannot move money by itself: the reply and its check. */
export const DEFAULT_FALLBACK_SPECIALISTS: readonly Specialist[] = ['reply_agent', 'reply_check'];

export interface RecordedProviderOptions {
  corpus: Corpus;
  /** The golden ticket a run is for (null: not a golden ticket's run). */
  keyOf(runId: string): string | null;
  /** Answers a call the corpus has no answer for, for the specialists listed (default: reply_agent, reply_check). */
  fallback?: { provider: ModelProvider; specialists?: readonly Specialist[] };
  /** A directory: each unanswered call is written there before it is refused. */
  pending?: string;
}

/** One call the corpus had no answer for. */
export interface MissingAnswer {
  ticketId: string;
  specialist: Specialist;
  call: number;
}

export interface RecordedModelProvider extends ModelProvider {
  /** Calls answered so far: from the corpus, from the fallback, and the ones refused. */
  stats(): { fromCorpus: number; fromFallback: number; missing: MissingAnswer[] };
}

const ZERO_USAGE = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };

export function createRecordedModelProvider(options: RecordedProviderOptions): RecordedModelProvider {
  const { corpus, keyOf, fallback, pending } = options;
  const fallbackFor = new Set(fallback?.specialists ?? DEFAULT_FALLBACK_SPECIALISTS);
  /** Calls so far per run and specialist. */
  const calls = new Map<string, number>();
  const stats = { fromCorpus: 0, fromFallback: 0, missing: [] as MissingAnswer[] };

  const nextCall = (runId: string, specialist: Specialist) => {
    const key = `${runId}/${specialist}`;
    const call = calls.get(key) ?? 0;
    calls.set(key, call + 1);
    return call;
  };

  return {
    name: 'recorded',
    stats: () => ({ ...stats, missing: [...stats.missing] }),
    async complete<T>(request: ModelRequest<T>): Promise<ModelResponse<T>> {
      const { specialist } = request;
      const { runId, ticketId } = ticketOf(request, keyOf);
      const call = nextCall(runId, specialist);
      const where = `${ticketId}/${specialist}/${call}`;
      const answers = corpus.get(ticketId)?.[specialist];
      // A recorded null is an answer too: the schema decides.
      if (answers && call < answers.length) {
        stats.fromCorpus += 1;
        // A copy, so nothing downstream can change the corpus. The model is the request's: the corpus
        // does not say which model answered, and the gateway prices by it (at zero usage).
        return { output: structuredClone(answers[call]) as T, model: request.model, requestId: `recorded:${where}`, stopReason: 'recorded', usage: ZERO_USAGE };
      }
      if (fallback && fallbackFor.has(specialist)) {
        const answer = await fallback.provider.complete(request);
        stats.fromFallback += 1;
        return {
          output: answer.output,
          model: request.model,
          requestId: `fallback:${fallback.provider.name}:${where}`,
          stopReason: 'recorded',
          usage: ZERO_USAGE,
        };
      }
      stats.missing.push({ ticketId, specialist, call });
      const file = pending ? writePendingRequest(pending, { ticketId, specialist, call }, request as ModelRequest<unknown>) : null;
      throw new HarnessConfigError(`no recorded answer for ticket ${ticketId}, ${specialist} call ${call}${file ? ` (written to ${file})` : ''}`, {
        context: { ticketId, specialist, call, ...(file ? { pending: file } : {}) },
      });
    },
  };
}

/** The golden ticket of the request's run: the gateway sets the run id; keyOf maps it. */
function ticketOf(request: ModelRequest<unknown>, keyOf: (runId: string) => string | null): { runId: string; ticketId: string } {
  const { runId } = request;
  if (!runId) throw new HarnessConfigError(`a recorded ${request.specialist} answer needs the run id (the model gateway sets it)`);
  const ticketId = keyOf(runId);
  if (ticketId === null) {
    throw new HarnessConfigError(`run ${runId} is no golden ticket's run: the recorded answers cannot say which ticket it is`, { context: { runId } });
  }
  return { runId, ticketId };
}
