// Every step's Lambda entry (functions/composition/lambdas/<step>.ts) composes what its use case needs
// (functions/composition/lambda/) from the environment a deployed function has (synthesized from the
// tenant file; the secret parameters' fields as the operator put them) and answers its first event.
// The event names a run the table does not hold, which each step refuses (RunNotFoundError) before
// any model or tool call: what this pins is the composition, per entry, as deployed, which the local
// runtime (it builds the whole app at once) never runs. The table is dynalite, reached the way the
// SDK finds DynamoDB when AWS_ENDPOINT_URL_DYNAMODB is set.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Context } from 'aws-lambda';
import { FUNCTIONS, STATE_FUNCTIONS, type FunctionName } from '../../../infra/lib/functions.js';
import { createTemplateEvaluator } from './deployed-env.js';
import { synthTenant } from './synth.js';
import { startDynalite } from '../../support/dynalite.js';

const OPERATOR_VALUES: Record<string, string> = {
  SHOPIFY_ADMIN_TOKEN: 'shpat_0123456789abcdef',
  HELPDESK_EMAIL: 'agent@acme.test',
  HELPDESK_TOKEN: 'zendesk-api-token-0123',
  ANTHROPIC_API_KEY: 'sk-ant-test-0123456789',
};

/** The Task payload each step's state passes (state-machine/refund-run.asl.json). */
const EVENTS: Partial<Record<FunctionName, Record<string, unknown>>> = {
  'request-approval': { runId: 'run-missing', taskToken: 'AQCEAAAAKgAAAAMAAAAA-task-token' },
  escalate: { runId: 'run-missing', state: {} },
  'await-return': { runId: 'run-missing', taskToken: 'AQCEAAAAKgAAAAMAAAAA-task-token', timeoutSeconds: 2592000 },
  'process-return': { runId: 'run-missing', signal: { action: 'received', by: 'the store (returns/process)' } },
};
const STEP_FUNCTIONS = [...new Set(Object.values(STATE_FUNCTIONS))].sort();

const context = (fn: string): Context =>
  ({
    functionName: `RefundAgent-acme-${fn}`,
    awsRequestId: `req-${fn}`,
    getRemainingTimeInMillis: () => 60_000,
  }) as unknown as Context;

let table: Awaited<ReturnType<typeof startDynalite>>;
let envOf: (fn: FunctionName) => Record<string, string>;
const saved = { ...process.env };

beforeAll(async () => {
  const synth = synthTenant();
  const evaluator = createTemplateEvaluator(synth.template.toJSON().Resources);
  table = await startDynalite('refund-agent-entries');
  envOf = (fn) => {
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(evaluator.deployedEnvOf(synth.logicalIdOf(fn)))) {
      // A secret parameter's fields instead of its name: no Parameter Store here (shared/secrets.ts reads it in AWS).
      if (name.endsWith('_PARAMETER')) {
        for (const [field, empty] of Object.entries(evaluator.secretValueOf(value))) env[field] = OPERATOR_VALUES[field] ?? empty;
      } else env[name] = value;
    }
    return { ...env, TABLE_NAME: table.tableName };
  };
}, 240_000);

afterEach(() => {
  process.env = { ...saved };
});
afterAll(async () => {
  await table.close();
});

describe('the step functions as deployed', () => {
  it.each(STEP_FUNCTIONS)('%s composes its dependencies from its deployed environment and refuses a run the table does not hold', async (fn) => {
    process.env = {
      ...saved,
      ...envOf(fn),
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: table.endpoint,
      AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    };
    // A fresh module graph per function: each container composes once, from its own environment.
    vi.resetModules();
    const { handler } = (await import(`../../../${FUNCTIONS[fn].entry}`)) as {
      handler: (event: unknown, context: Context) => Promise<unknown>;
    };

    await expect(handler(EVENTS[fn] ?? { runId: 'run-missing' }, context(fn))).rejects.toMatchObject({ name: 'RunNotFoundError' });
  });
});
