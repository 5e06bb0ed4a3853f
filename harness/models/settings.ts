// The model settings a runtime reads from its environment, parsed once at the edge (Lambda:
// functions/composition/lambda-app.ts; local: local/main.ts through the runtime's options) and handed to
// select.ts. Which provider, the models per specialist (the tenant config's `models`, as JSON), an
// optional fallback model. Locally the provider may be inferred (a key means anthropic, none means
// offline); deployed — the Lambda runtime sets AWS_LAMBDA_FUNCTION_NAME — it is named or there is none,
// so a Model secret left empty can never turn a tenant's Claude into the offline model unnoticed.
import * as z from 'zod';
import { jsonOf as json } from '#shared/env-json.js';
import { HarnessConfigError } from '../errors.js';
import { priceFor } from './prices.js';

/** The settings are invalid: each problem names the setting at fault, never its value (one is an API key). */
export class ModelSettingsError extends HarnessConfigError {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`invalid model settings:\n${problems.map((p) => `  ${p}`).join('\n')}`, { context: { problems } });
    this.name = 'ModelSettingsError';
    this.problems = problems;
  }
}

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

/** A secret field left empty (as an operator may put it) is no key at all. */
const blankAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const MODEL_PROVIDERS = ['anthropic', 'offline', 'replay'] as const;

/** The settings that only mean something with a provider: deployed, any of them without MODEL_PROVIDER is refused. */
const NEED_A_PROVIDER = [
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_BASE_URL',
  'MODEL_CHOICES',
  'MODEL_FALLBACK',
  'MODEL_TIMEOUT_MS',
  'REPLAY_RUN_ID',
  'REPLAY_JOURNAL',
] as const;

export const ModelSettings = z
  .object({
    /** Locally, absent: anthropic when ANTHROPIC_API_KEY is set, else offline. Deployed, never inferred. */
    MODEL_PROVIDER: z.enum(MODEL_PROVIDERS).optional(),
    ANTHROPIC_API_KEY: z.preprocess(blankAsMissing, z.string().min(1).optional()),
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
    /** Deployed: the name of the tenant's Model parameter (infra/lib/secrets.ts), named when its key is missing. */
    MODEL_PARAMETER: z.string().min(1).optional(),
    /** Set by the Lambda runtime in every function, never by the local runtime: this is a deployed tenant. */
    AWS_LAMBDA_FUNCTION_NAME: z.string().min(1).optional(),
  })
  .superRefine((s, ctx) => {
    const deployed = s.AWS_LAMBDA_FUNCTION_NAME !== undefined;
    if (deployed && !s.MODEL_PROVIDER) {
      const given = NEED_A_PROVIDER.filter((name) => s[name] !== undefined);
      if (given.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['MODEL_PROVIDER'],
          message: `a deployed function names its model provider (${MODEL_PROVIDERS.join(', ')}); it is never inferred from ${given.join(', ')} (the tenant file's modelProvider)`,
        });
      }
    }
    if (s.MODEL_PROVIDER === 'anthropic' && !s.ANTHROPIC_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['ANTHROPIC_API_KEY'],
        message: deployed
          ? `MODEL_PROVIDER=anthropic needs ANTHROPIC_API_KEY: the tenant's Model secret is empty (put the parameter ${s.MODEL_PARAMETER ?? 'MODEL_PARAMETER names'} with its field, docs/deploy.md step 4, or name modelProvider offline in the tenant file)`
          : 'MODEL_PROVIDER=anthropic needs ANTHROPIC_API_KEY',
      });
    }
    if (s.MODEL_PROVIDER === 'replay' && !s.REPLAY_RUN_ID && !s.REPLAY_JOURNAL) {
      ctx.addIssue({ code: 'custom', path: ['REPLAY_RUN_ID'], message: 'MODEL_PROVIDER=replay needs REPLAY_RUN_ID or REPLAY_JOURNAL' });
    }
  });
export type ModelSettings = z.infer<typeof ModelSettings>;

/** Parses the model settings out of an environment-shaped record; unrelated keys are ignored. Throws ModelSettingsError. */
export function parseModelSettings(env: Record<string, string | undefined>): ModelSettings {
  const parsed = ModelSettings.safeParse(env);
  if (!parsed.success) throw new ModelSettingsError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  return parsed.data;
}
