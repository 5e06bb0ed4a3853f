// The model settings a runtime reads from its environment, parsed once at the edge (Lambda:
// functions/shared/lambda-app.ts; local: local/main.ts through the runtime's options) and handed to
// select.ts. Which provider (a key means anthropic, none means offline, or replay on request), the
// models per specialist (the tenant config's `models`, as JSON), an optional fallback model.
import { z } from 'zod';
import { priceFor } from './prices.js';

const PricedModel = z
  .string()
  .min(1)
  .refine((id) => priceFor(id) !== null, 'a model with a price in harness/models/prices.ts');

/** Per-specialist model ids; absent ones take the defaults (select.ts DEFAULT_MODEL_CHOICES). */
export const ModelChoicesOverride = z
  .object({ triage: PricedModel, orderAgent: PricedModel, replyAgent: PricedModel, replyCheck: PricedModel })
  .partial()
  .strict();
export type ModelChoicesOverride = z.infer<typeof ModelChoicesOverride>;

const json = <S extends z.ZodType>(schema: S) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

export const ModelSettings = z
  .object({
    /** Absent: anthropic when ANTHROPIC_API_KEY is set, else offline. */
    MODEL_PROVIDER: z.enum(['anthropic', 'offline', 'replay']).optional(),
    ANTHROPIC_API_KEY: z.string().min(1).optional(),
    /** Another Messages API endpoint (a proxy, or a local fake in tests). */
    ANTHROPIC_BASE_URL: z.string().url().optional(),
    /** Models per specialist as JSON, e.g. {"orderAgent":"claude-haiku-4-5"} (tenant config `models`). */
    MODEL_CHOICES: json(ModelChoicesOverride).optional(),
    /** Tried when a chosen model stays overloaded or unavailable after its retries. */
    MODEL_FALLBACK: PricedModel.optional(),
    /** Deadline of one Messages API attempt, cut to the time the model call has left (budget.ts). */
    MODEL_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).optional(),
    /** Replay: the run whose journal answers (read from the table) ... */
    REPLAY_RUN_ID: z.string().min(1).optional(),
    /** ... or a file holding a run as GET /api/runs/{runId} returns it (or its journal array). */
    REPLAY_JOURNAL: z.string().min(1).optional(),
  })
  .superRefine((s, ctx) => {
    if (s.MODEL_PROVIDER === 'anthropic' && !s.ANTHROPIC_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['ANTHROPIC_API_KEY'], message: 'MODEL_PROVIDER=anthropic needs ANTHROPIC_API_KEY' });
    }
    if (s.MODEL_PROVIDER === 'replay' && !s.REPLAY_RUN_ID && !s.REPLAY_JOURNAL) {
      ctx.addIssue({ code: 'custom', path: ['REPLAY_RUN_ID'], message: 'MODEL_PROVIDER=replay needs REPLAY_RUN_ID or REPLAY_JOURNAL' });
    }
  });
export type ModelSettings = z.infer<typeof ModelSettings>;

/** Parses the model settings out of an environment-shaped record; unrelated keys are ignored. */
export function parseModelSettings(env: Record<string, string | undefined>): ModelSettings {
  const parsed = ModelSettings.safeParse(env);
  if (!parsed.success) {
    // Never echo values: one of them is an API key.
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid model settings:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
