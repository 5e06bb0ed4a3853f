// Each function's environment, held to the parsers that read it (functions/shared/lambda-config.ts and
// mcp-lambda/config.ts) and to what its code path needs: enough to run, and no secret beyond its job.
import { beforeAll, describe, expect, it } from 'vitest';
import { LambdaConfig } from '#functions/shared/lambda-config.js';
import { loadMcpConfig, McpConfigError } from '#mcp/config.js';
import { FUNCTION_NAMES, FUNCTIONS, SECRET_FIELDS, type FunctionName } from '../../../infra/lib/functions.js';
import { createTemplateEvaluator } from './deployed-env.js';
import { synthTenant, TEST_TENANT } from './synth.js';

/** Set by the Lambda construct for the runtime itself, not read by any config parser. */
const RUNTIME_OPTIONS = ['NODE_OPTIONS'];

const MCP_TOOLS = ['MCP_URL', 'MCP_CALLER_TOKEN'];
/**
 * Every handler composes the refund policy with the tenant's limit (lambda-app.ts); all must hold the
 * same one, since approvals and journal rows carry the policy's version hash.
 */
const POLICY = ['AUTO_REFUND_LIMIT_MINOR'];
/**
 * What each handler's code path takes from its config beyond TENANT and TABLE_NAME (which
 * LambdaConfig requires of all) and the policy, read from functions/shared/lambda-app.ts and the use cases.
 */
const HANDLER_NEEDS: Record<Exclude<FunctionName, 'mcp'>, string[]> = {
  'webhook-ingest': ['QUEUE_URL', 'ZENDESK_WEBHOOK_SECRET'],
  // Starts the execution and asks the helpdesk API for the requester's email.
  'run-starter': ['STATE_MACHINE_ARN', 'HELPDESK_BASE_URL', 'HELPDESK_EMAIL', 'HELPDESK_TOKEN'],
  // Answers the task token through the Step Functions engine, which is built with the ARN.
  'approval-callback': ['STATE_MACHINE_ARN', 'APPROVER_EMAILS'],
  'runs-api': [],
  triage: [],
  'check-order': MCP_TOOLS, // get_order, get_refund_history
  'propose-refund': [],
  gate: [],
  'request-approval': ['APPROVER_EMAILS', 'SENDER_EMAIL', 'PUBLIC_BASE_URL'],
  refund: MCP_TOOLS, // refund_create
  'draft-reply': [],
  'check-reply': MCP_TOOLS, // post_draft, only through the MCP server
  done: [],
  escalate: MCP_TOOLS, // post_draft of the team note, only through the MCP server
};
const HANDLERS = Object.keys(HANDLER_NEEDS) as Exclude<FunctionName, 'mcp'>[];

let evaluator: ReturnType<typeof createTemplateEvaluator>;
let logicalIdOf: (fn: FunctionName) => string;

beforeAll(() => {
  const synth = synthTenant();
  evaluator = createTemplateEvaluator(synth.template.toJSON().Resources);
  logicalIdOf = synth.logicalIdOf;
});

const rawEnv = (fn: FunctionName) => evaluator.rawEnvOf(logicalIdOf(fn));
const deployedEnv = (fn: FunctionName) => evaluator.deployedEnvOf(logicalIdOf(fn));
const configNames = (fn: FunctionName) => Object.keys(rawEnv(fn)).filter((k) => !RUNTIME_OPTIONS.includes(k)).sort();

/** The variables mcp-lambda/config.ts refuses to start without, as its own error names them. */
function mcpRequiredNames(): string[] {
  try {
    loadMcpConfig({});
  } catch (error) {
    expect(error).toBeInstanceOf(McpConfigError);
    return (error as Error).message.replace(/^[^:]*:\s*/, '').split(', ').sort();
  }
  throw new Error('loadMcpConfig accepted an empty environment');
}

describe('function environments', () => {
  it('applies the tenant file\'s auto-refund limit in every handler alike', () => {
    const synth = synthTenant({ ...TEST_TENANT, autoRefundLimitMinor: 2500 });
    const tenantEnv = createTemplateEvaluator(synth.template.toJSON().Resources);

    for (const fn of HANDLERS) {
      expect(LambdaConfig.parse(tenantEnv.deployedEnvOf(synth.logicalIdOf(fn))).AUTO_REFUND_LIMIT_MINOR, fn).toBe(2500);
    }
  });

  it('runs every handler on the configuration functions/shared/lambda-config.ts parses, and every handler config parses', () => {
    const parsed = new Set(Object.keys(LambdaConfig.shape));

    for (const fn of HANDLERS) {
      expect(configNames(fn).filter((name) => !parsed.has(name)), fn).toEqual([]);
      expect(() => LambdaConfig.parse(deployedEnv(fn)), fn).not.toThrow();
    }
  });

  it('gives each handler exactly what its code path reads, so none holds a setting or secret it does not use', () => {
    const alwaysRequired = LambdaConfig.safeParse({}).error!.issues.map((issue) => String(issue.path[0])).sort();
    expect(alwaysRequired).toEqual(['TABLE_NAME', 'TENANT']);

    for (const fn of HANDLERS) {
      expect(configNames(fn), fn).toEqual([...alwaysRequired, ...POLICY, ...HANDLER_NEEDS[fn]].sort());
    }
  });

  it('gives the MCP server exactly the variables mcp-lambda/config.ts requires, and its config loads after deploy', () => {
    const required = mcpRequiredNames();
    const env = deployedEnv('mcp');

    expect(configNames('mcp')).toEqual(required);
    expect(loadMcpConfig(env)).toMatchObject({ shopUrl: `https://${TEST_TENANT.storeDomain}`, helpdesk: { baseUrl: TEST_TENANT.helpdesk.baseUrl } });
    for (const name of required) {
      const { [name]: _dropped, ...without } = env;
      expect(() => loadMcpConfig(without), name).toThrow(McpConfigError);
    }
  });

  it('hands each connector secret only to the functions that call that API, as a deploy-time reference', () => {
    const holders = (field: string) => FUNCTION_NAMES.filter((fn) => rawEnv(fn)[field] !== undefined).sort();

    expect(holders('SHOPIFY_ADMIN_TOKEN')).toEqual(['mcp']);
    expect(holders('HELPDESK_EMAIL')).toEqual(['mcp', 'run-starter']);
    expect(holders('HELPDESK_TOKEN')).toEqual(['mcp', 'run-starter']);
    expect(holders('ZENDESK_WEBHOOK_SECRET')).toEqual(['webhook-ingest']);
    expect(holders('MCP_CALLER_TOKEN')).toEqual(['check-order', 'check-reply', 'escalate', 'mcp', 'refund']);
    for (const fn of FUNCTION_NAMES) {
      for (const field of SECRET_FIELDS) {
        const value = rawEnv(fn)[field];
        if (value === undefined) continue;
        expect(typeof value, `${fn}.${field}`).not.toBe('string');
        expect(JSON.stringify(value), `${fn}.${field}`).toContain(`:SecretString:${field}::}}`);
      }
    }
  });

  it('passes the tenant file values and the deployed endpoints', () => {
    expect(deployedEnv('gate')).toMatchObject({ TENANT: 'acme', AUTO_REFUND_LIMIT_MINOR: '5000' });
    expect(deployedEnv('request-approval')).toMatchObject({
      APPROVER_EMAILS: 'lead@acme.test',
      SENDER_EMAIL: 'refunds@acme.test',
      PUBLIC_BASE_URL: 'https://a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com',
    });
    expect(deployedEnv('escalate').MCP_URL).toBe('https://a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com/mcp');
    expect(deployedEnv('run-starter').HELPDESK_BASE_URL).toBe(TEST_TENANT.helpdesk.baseUrl);
    expect(deployedEnv('mcp').SHOPIFY_STORE_DOMAIN).toBe(TEST_TENANT.storeDomain);
    expect(Object.keys(FUNCTIONS).sort()).toEqual([...HANDLERS, 'mcp'].sort());
  });
});
