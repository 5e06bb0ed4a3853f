// Each function's environment, held to the parsers that read it (functions/composition/lambda-config.ts and
// mcp-lambda/config.ts) and to what its code path needs: enough to run, and no secret beyond its job.
// Secrets reach a function only as `<NAME>_PARAMETER`, a parameter name (infra/lib/secrets.ts): the
// runtime reads the parameter's JSON fields and merges them over the environment before parsing, as
// withSecrets() does here.
import { beforeAll, describe, expect, it } from 'vitest';
import { ModelSettings } from '#harness/models/settings.js';
import { LambdaConfig } from '#functions/composition/lambda-config.js';
import { loadMcpConfig, McpConfigError } from '#mcp/config.js';
import { MCP_CALLERS } from '#mcp/server/permissions.js';
import { POWERTOOLS_VARIABLES, RUNTIME_VARIABLES } from '../../../infra/lib/environment.js';
import { FUNCTION_NAMES, FUNCTIONS, type FunctionName } from '../../../infra/lib/functions.js';
import { SECRET_FIELDS, SECRET_NAMES, SECRETS, nameVariableOf, parameterNameOf } from '../../../infra/lib/secrets.js';
import { createTemplateEvaluator } from './deployed-env.js';
import { synthTenant, TEST_TENANT } from './synth.js';

/** Read by the runtime and by Powertools' logger and tracer, not by a config parser. */
const NOT_CONFIG: string[] = [...RUNTIME_VARIABLES, ...POWERTOOLS_VARIABLES];
const WEBHOOK_SECRETS = SECRETS.WEBHOOK.fields as readonly string[];

/** The values an operator puts into the operator parameters (docs/deploy.md). */
const OPERATOR_VALUES: Record<string, string> = {
  SHOPIFY_ADMIN_TOKEN: 'shpat_0123456789abcdef',
  HELPDESK_EMAIL: 'agent@acme.test',
  HELPDESK_TOKEN: 'zendesk-api-token-0123',
  ZENDESK_WEBHOOK_SECRET: 'zendesk-signing-secret-0123456789',
};

type Needs = { settings: string[]; secrets: readonly string[] };
/** The MCP server's function URL; requests are signed with the function's own role, so no secret. */
const MCP_TOOLS: Needs = { settings: ['MCP_URL'], secrets: [] };
const NOTHING: Needs = { settings: [], secrets: [] };
/** The steps that call a model: the tenant's named provider and model choices, and the API key when the operator sets one. */
const MODELS: Needs = { settings: ['MODEL_CHOICES', 'MODEL_PROVIDER'], secrets: ['ANTHROPIC_API_KEY'] };
/** The reply's tenant words: where customers send a return the store made no label for, how long banks take (empty when the tenant file has none). */
const RETURN_ADDRESS: Needs = { settings: ['RETURN_ADDRESS', 'BANK_TIMES'], secrets: [] };
const both = (a: Needs, b: Needs): Needs => ({ settings: [...a.settings, ...b.settings], secrets: [...a.secrets, ...b.secrets] });
/**
 * Every handler composes the refund policy with the tenant's limit (lambda-app.ts); all must hold the
 * same one, since approvals and journal rows carry the policy's version hash.
 */
const POLICY = ['AUTO_REFUND_LIMIT_MINOR', 'POLICY_REMEDIES', 'STORE_TIME_ZONE'];
/** The approvers, and what the approval email and page link to: the order in Shopify admin, the ticket in the helpdesk, the run in the console. */
const APPROVAL_EVIDENCE = ['APPROVER_EMAILS', 'SHOPIFY_STORE_DOMAIN', 'HELPDESK_KIND', 'HELPDESK_BASE_URL', 'STORE_NAME', 'STORE_LOCALE', 'CONSOLE_BASE_URL'];
/** The console's user pool, app client and hosted sign-in. */
const CONSOLE_SIGN_IN = ['COGNITO_ISSUER', 'COGNITO_CLIENT_ID', 'COGNITO_DOMAIN_URL'];
/**
 * What each handler's code path takes from its config beyond TENANT and TABLE_NAME (which
 * LambdaConfig requires of all) and the policy, read from functions/composition/lambda-app.ts and the use cases.
 */
const HANDLER_NEEDS: Record<Exclude<FunctionName, 'mcp'>, Needs> = {
  // Verifies each helpdesk's deliveries with its own secret, enqueues the ticket.
  'webhook-ingest': { settings: ['QUEUE_URL'], secrets: WEBHOOK_SECRETS },
  // Verifies Shopify's deliveries; reads and updates run rows and the event ledger in the table only.
  // It reads the one webhook secret, which holds the helpdesks' fields too (infra/lib/secrets.ts).
  // A returned parcel's arrival answers the wait of the run awaiting it (the state machine's task token).
  'store-webhook': { settings: ['STATE_MACHINE_ARN'], secrets: WEBHOOK_SECRETS },
  // Starts the execution, asks the helpdesk API for the requester's email, dead-letters poison messages.
  // A solved or closed ticket cancels its run, whose holding note it ends through post_draft.
  'run-starter': both(
    {
      settings: ['STATE_MACHINE_ARN', 'HELPDESK_BASE_URL', 'HELPDESK_KIND', 'DEAD_LETTER_QUEUE_URL', 'MAX_RECEIVE_COUNT'],
      secrets: ['HELPDESK_EMAIL', 'HELPDESK_TOKEN'],
    },
    MCP_TOOLS,
  ),
  // Checks the signed approval link, answers the task token through the Step Functions engine; the
  // page links the order in Shopify admin and the ticket in the helpdesk, and re-reads the order
  // through the MCP server (get_order) for "still refundable"; reads the customer's images through the
  // helpdesk API for the page's thumbnails.
  'approval-callback': both(
    {
      settings: ['STATE_MACHINE_ARN', ...APPROVAL_EVIDENCE],
      secrets: ['APPROVAL_LINK_SECRET', 'HELPDESK_EMAIL', 'HELPDESK_TOKEN'],
    },
    MCP_TOOLS,
  ),
  'runs-api': NOTHING,
  // A ticket with several requests: the other requests' runs are asked of the run starter through the ticket queue.
  triage: both(MODELS, { settings: ['QUEUE_URL'], secrets: [] }),
  // The order agent's tool loop (get_order, get_refund_history), then the Gate: the tenant's mode per ticket class (shadow, assist, auto).
  'propose-refund': both(both(MODELS, MCP_TOOLS), { settings: ['AGENT_MODE'], secrets: [] }),
  // Signs one link per approver and emails it; leaves the holding note through post_draft.
  // The approval email goes through the tenant's SES configuration set (its bounce and complaint counts).
  'request-approval': both(
    { settings: [...APPROVAL_EVIDENCE, 'SENDER_EMAIL', 'SES_CONFIGURATION_SET', 'PUBLIC_BASE_URL'], secrets: ['APPROVAL_LINK_SECRET'] },
    MCP_TOOLS,
  ),
  refund: MCP_TOOLS, // refund_create, open_return
  // Keeps the wait's task token on the run row.
  'await-return': NOTHING,
  'process-return': MCP_TOOLS, // process_return, close_return, cancel_return
  // A return's reply gives the tenant's return address when the store made no label.
  'draft-reply': both(MODELS, RETURN_ADDRESS),
  // The reply check model, then post_draft through the MCP server; a failed check escalates in-process (as escalate).
  // A return's reply is checked against the same facts, the return address among them.
  'check-reply': both(both(MODELS, MCP_TOOLS), RETURN_ADDRESS),
  escalate: both(MODELS, MCP_TOOLS), // a holding reply, then post_draft of the team note through the MCP server
  // Stops the execution; ends the ticket's holding note through post_draft.
  'cancel-run': both({ settings: ['STATE_MACHINE_ARN'], secrets: [] }, MCP_TOOLS),
  // Lists dead letters and sends one back to the ticket queue.
  'dead-letters': { settings: ['DEAD_LETTER_QUEUE_URL', 'QUEUE_URL'], secrets: [] },
  // The operator console: decides approvals (answers the execution), settles reviews (get_order through
  // MCP), retries dead letters, shows shadow figures and the ticket and order links; signs people in
  // (the hosted UI) and signs its forms' CSRF tokens with its own key.
  console: both(
    {
      // … and reads the customer's images through the helpdesk API (its settings are among APPROVAL_EVIDENCE) for the thumbnails.
      settings: ['STATE_MACHINE_ARN', 'DEAD_LETTER_QUEUE_URL', 'QUEUE_URL', 'PUBLIC_BASE_URL', 'AGENT_MODE', ...APPROVAL_EVIDENCE, ...CONSOLE_SIGN_IN],
      secrets: ['CONSOLE_CSRF_SECRET', 'HELPDESK_EMAIL', 'HELPDESK_TOKEN'],
    },
    MCP_TOOLS,
  ),
  // Checks the session's ID token against the user pool and the console's app client.
  'console-authorizer': { settings: CONSOLE_SIGN_IN, secrets: [] },
  // Shadow mode: the proposal note through post_draft; the figures and the switch to auto need the modes.
  shadow: MCP_TOOLS,
  'shadow-api': { settings: ['AGENT_MODE'], secrets: [] },
  // Stops stalled executions and escalates them (the note goes through MCP).
  'stalled-runs': both(MODELS, both({ settings: ['STATE_MACHINE_ARN'], secrets: [] }, MCP_TOOLS)),
};
const HANDLERS = Object.keys(HANDLER_NEEDS) as Exclude<FunctionName, 'mcp'>[];

let evaluator: ReturnType<typeof createTemplateEvaluator>;
let logicalIdOf: (fn: FunctionName) => string;
let templateText: string;
let roleIdOf: (fn: FunctionName) => string;

beforeAll(() => {
  const synth = synthTenant();
  templateText = JSON.stringify(synth.template.toJSON());
  evaluator = createTemplateEvaluator(synth.template.toJSON().Resources);
  logicalIdOf = synth.logicalIdOf;
  const resources = synth.template.toJSON().Resources as Record<string, { Properties: { Role: { 'Fn::GetAtt': [string, string] } } }>;
  roleIdOf = (fn) => resources[logicalIdOf(fn)]!.Properties.Role['Fn::GetAtt'][0];
});

const rawEnv = (fn: FunctionName) => evaluator.rawEnvOf(logicalIdOf(fn));
const deployedEnv = (fn: FunctionName) => evaluator.deployedEnvOf(logicalIdOf(fn));
const isParameterVariable = (name: string) => name.endsWith('_PARAMETER');
const settingNames = (fn: FunctionName) =>
  Object.keys(rawEnv(fn))
    .filter((k) => !NOT_CONFIG.includes(k) && !isParameterVariable(k))
    .sort();

/** The fields of the secrets a function can read, with the operator's values filled in where given. */
function readableSecretFields(fn: FunctionName, fill: Record<string, string> = {}): Record<string, string> {
  const env = deployedEnv(fn);
  const fields: Record<string, string> = {};
  for (const [name, parameter] of Object.entries(env)) {
    if (!isParameterVariable(name)) continue;
    for (const [field, value] of Object.entries(evaluator.secretValueOf(parameter))) fields[field] = fill[field] ?? value;
  }
  return fields;
}

/** The configuration a function parses at runtime: its environment with its secrets' non-empty fields over it. */
function withSecrets(fn: FunctionName, fill: Record<string, string> = OPERATOR_VALUES): Record<string, string> {
  const secrets = Object.entries(readableSecretFields(fn, fill)).filter(([, value]) => value !== '');
  return { ...deployedEnv(fn), ...Object.fromEntries(secrets) };
}

/** The variables mcp-lambda/config.ts refuses to start without, as its own error names them. */
function mcpRequiredNames(): string[] {
  try {
    loadMcpConfig({});
  } catch (error) {
    expect(error).toBeInstanceOf(McpConfigError);
    return (error as Error).message
      .replace(/^[^:]*:\s*/, '')
      .split(', ')
      .sort();
  }
  throw new Error('loadMcpConfig accepted an empty environment');
}

describe('function environments', () => {
  it("applies the tenant file's auto-refund limit in every handler alike", () => {
    const synth = synthTenant({ ...TEST_TENANT, policy: { autoRefundLimitMinor: 2500 } });
    const tenantEnv = createTemplateEvaluator(synth.template.toJSON().Resources);

    for (const fn of HANDLERS) {
      expect(LambdaConfig.parse(tenantEnv.deployedEnvOf(synth.logicalIdOf(fn))).AUTO_REFUND_LIMIT_MINOR, fn).toBe(2500);
    }
  });

  it('runs every handler on the configuration functions/composition/lambda-config.ts parses, and every handler config parses', () => {
    // The handlers' edge parses LambdaConfig, and the model settings (harness/models/settings.ts) from the same environment.
    const parsed = new Set([...Object.keys(LambdaConfig.shape), ...Object.keys(ModelSettings.shape)]);

    for (const fn of HANDLERS) {
      const names = [...settingNames(fn), ...Object.keys(readableSecretFields(fn))];
      expect(
        names.filter((name) => !parsed.has(name)),
        fn,
      ).toEqual([]);
      expect(() => LambdaConfig.parse(withSecrets(fn)), fn).not.toThrow();
    }
  });

  it('gives each handler exactly the settings and secrets its code path reads, so none holds one it does not use', () => {
    const alwaysRequired = LambdaConfig.safeParse({})
      .error!.issues.map((issue) => String(issue.path[0]))
      .sort();
    expect(alwaysRequired).toEqual(['TABLE_NAME', 'TENANT']);

    for (const fn of HANDLERS) {
      // Table writers stamp the rows they create with the tenant's retention (TTL).
      const retention = FUNCTIONS[fn].access.table === 'readWrite' ? ['RETENTION_DAYS'] : [];
      expect(settingNames(fn), fn).toEqual([...alwaysRequired, ...POLICY, ...retention, ...HANDLER_NEEDS[fn].settings].sort());
      expect(Object.keys(readableSecretFields(fn)).sort(), fn).toEqual([...HANDLER_NEEDS[fn].secrets].sort());
    }
  });

  it('gives the MCP server exactly what mcp-lambda/config.ts requires, and its config loads once the operator fills the secrets', () => {
    const required = mcpRequiredNames();
    const available = [...settingNames('mcp'), ...Object.keys(readableSecretFields('mcp'))].sort();

    // HELPDESK_KIND has a default (zendesk) in the parser; the stack sets it from the tenant file.
    expect(available).toEqual([...required, 'HELPDESK_KIND'].sort());
    expect(loadMcpConfig(withSecrets('mcp'))).toMatchObject({
      shopUrl: `https://${TEST_TENANT.storeDomain}`,
      shopifyAdminToken: OPERATOR_VALUES.SHOPIFY_ADMIN_TOKEN,
      helpdesk: { baseUrl: TEST_TENANT.helpdesk.baseUrl, email: OPERATOR_VALUES.HELPDESK_EMAIL },
    });
    // Every caller of the server's permission table, by its function's execution role.
    const roles = loadMcpConfig(withSecrets('mcp')).callerRoles;
    expect(Object.keys(roles).sort()).toEqual([...MCP_CALLERS]);
    for (const [caller, arn] of Object.entries(roles)) expect(arn, caller).toBe(`arn:aws:iam::123456789012:role/${roleIdOf(caller as FunctionName)}`);
    // Before the operator fills them, the server refuses to start rather than run with empty tokens.
    expect(() => loadMcpConfig(withSecrets('mcp', {}))).toThrow(McpConfigError);
  });

  it('hands each secret parameter only to the functions that need it, by name; the store token to the MCP server alone', () => {
    const holders = (variable: string) => FUNCTION_NAMES.filter((fn) => rawEnv(fn)[variable] !== undefined).sort();

    expect(holders(nameVariableOf('STORE'))).toEqual(['mcp']);
    expect(holders(nameVariableOf('HELPDESK'))).toEqual(['approval-callback', 'console', 'mcp', 'run-starter']);
    expect(holders(nameVariableOf('WEBHOOK'))).toEqual(['store-webhook', 'webhook-ingest']);
    // The MCP server knows its callers by their roles: no shared caller secret, and the role table only in its own environment.
    expect(holders('MCP_CALLER_ROLES')).toEqual(['mcp']);
    expect(holders(nameVariableOf('APPROVAL_LINK'))).toEqual(['approval-callback', 'request-approval']);
    expect(holders(nameVariableOf('CONSOLE'))).toEqual(['console']);
    for (const fn of FUNCTION_NAMES) {
      for (const name of SECRET_NAMES) {
        const value = rawEnv(fn)[nameVariableOf(name)];
        if (value !== undefined) expect(value, `${fn} ${name}`).toBe(parameterNameOf(TEST_TENANT.tenant, name));
      }
    }
  });

  it('puts no secret value in any environment variable or anywhere in the template', () => {
    for (const fn of FUNCTION_NAMES) {
      expect(
        Object.keys(rawEnv(fn)).filter((name) => (SECRET_FIELDS as string[]).includes(name)),
        fn,
      ).toEqual([]);
    }
    expect(templateText).not.toContain('{{resolve:secretsmanager');
    expect(templateText).not.toContain('{{resolve:ssm-secure');
    // The stack creates no parameter: the operator puts the credentials, the functions the generated keys.
    for (const field of SECRET_FIELDS) expect(templateText).not.toMatch(new RegExp(`\\\\"${field}\\\\":\\\\"[^\\\\"]`));
  });

  it('passes the tenant file values and the deployed endpoints', () => {
    expect(deployedEnv('propose-refund')).toMatchObject({ TENANT: 'acme', AUTO_REFUND_LIMIT_MINOR: '5000' });
    expect(LambdaConfig.parse(deployedEnv('propose-refund')).AGENT_MODE).toEqual({ default: 'auto', classes: {}, minTickets: 50, agreement: 0.98 });
    expect(deployedEnv('request-approval')).toMatchObject({
      APPROVER_EMAILS: 'lead@acme.test',
      SENDER_EMAIL: 'refunds@acme.test',
      PUBLIC_BASE_URL: 'https://a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com',
      // The console is served by the same API: the approval email links the run there.
      CONSOLE_BASE_URL: 'https://a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com',
    });
    expect(deployedEnv('escalate').MCP_URL).toBe('https://f1g2h3i4j5k6l7m8n9o0p1q2r3s4t5u6.lambda-url.eu-west-1.on.aws/mcp');
    expect(deployedEnv('run-starter')).toMatchObject({ HELPDESK_BASE_URL: TEST_TENANT.helpdesk.baseUrl, MAX_RECEIVE_COUNT: '5' });
    expect(deployedEnv('mcp').SHOPIFY_STORE_DOMAIN).toBe(TEST_TENANT.storeDomain);
    expect(Object.keys(FUNCTIONS).sort()).toEqual([...HANDLERS, 'mcp'].sort());
  });

  it("gives the reply steps the tenant file's return address, and none when the file has none", () => {
    const address = 'Acme Returns, 1 Quay Street, Dublin D02, Ireland';
    const synth = synthTenant({ ...TEST_TENANT, returnAddress: address });
    const tenantEnv = createTemplateEvaluator(synth.template.toJSON().Resources);

    for (const fn of ['draft-reply', 'check-reply'] as const) {
      expect(LambdaConfig.parse(tenantEnv.deployedEnvOf(synth.logicalIdOf(fn))).RETURN_ADDRESS, fn).toBe(address);
      expect(deployedEnv(fn).RETURN_ADDRESS, fn).toBe('');
      expect(LambdaConfig.parse(deployedEnv(fn)).RETURN_ADDRESS, fn).toBeUndefined();
    }
  });

  it('names each function in its logs, and sets no metrics namespace (the emitter writes the product one)', () => {
    for (const fn of FUNCTION_NAMES) {
      expect(deployedEnv(fn), fn).toMatchObject({
        POWERTOOLS_SERVICE_NAME: `refund-agent-${fn}`,
        NODE_OPTIONS: '--enable-source-maps',
      });
      expect(deployedEnv(fn), fn).not.toHaveProperty('POWERTOOLS_METRICS_NAMESPACE');
    }
  });
});
