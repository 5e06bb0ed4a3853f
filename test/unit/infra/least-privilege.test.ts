// Least privilege and protection of the tenant's data, read from the synthesized template: who may read
// (and, for the generated keys, put) which secret parameter, use the data key, stop executions and send
// email, and that every stateful resource is encrypted with the tenant key and survives a stack deletion.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_NAMES, FUNCTIONS, type FunctionName } from '../../../infra/lib/functions.js';
import { parameterNameOf, SECRET_NAMES, SECRETS, secretsOf, type SecretName } from '../../../infra/lib/secrets.js';
import { REPO_ROOT, synthTenant, TEST_TENANT } from './synth.js';
import { actionsOf, readTemplate, resolveTokens, resourcesOf, type Statement } from './template.js';

let t: ReturnType<typeof readTemplate>;
let byFunction: Record<FunctionName, Statement[]>;
let keyId: string;
let machineId: string;

beforeAll(() => {
  t = readTemplate(synthTenant());
  byFunction = t.statementsByFunction();
  keyId = t.idOf('AWS::KMS::Key');
  machineId = t.machineOf('RefundRun')[0];
});

/** A parameter's ARN as the template resolves it, e.g. arn:AWS::Partition:ssm:AWS::Region:AWS::AccountId:parameter/refund-agent/acme/store. */
const isParameter = (name: SecretName) => (resource: string) =>
  resource === `arn:AWS::Partition:ssm:AWS::Region:AWS::AccountId:parameter${parameterNameOf(TEST_TENANT.tenant, name)}`;
const parameterOf = (resource: string) => SECRET_NAMES.find((name) => isParameter(name)(resource));

describe('least privilege', () => {
  it('lets each secret parameter be read only by the functions whose job needs it; the store token by the MCP server alone', () => {
    const readers = (name: SecretName) => t.who('ssm:GetParameters', isParameter(name));

    expect(readers('STORE')).toEqual(['mcp']);
    // The approval page and the console read the customer's images through the helpdesk API (#37).
    expect(readers('HELPDESK')).toEqual(['approval-callback', 'console', 'mcp', 'run-starter']);
    expect(readers('WEBHOOK')).toEqual(['store-webhook', 'webhook-ingest']);
    expect(readers('APPROVAL_LINK')).toEqual(['approval-callback', 'request-approval']);
    expect(readers('CONSOLE')).toEqual(['console']);
    expect(readers('MODEL')).toEqual(['check-reply', 'draft-reply', 'escalate', 'propose-refund', 'stalled-runs', 'triage']);
    // The same table drives the grants and the environment (environment.test.ts): no drift between them.
    for (const name of SECRET_NAMES) {
      const expected = FUNCTION_NAMES.filter((fn) => secretsOf(FUNCTIONS[fn]).includes(name)).sort();
      expect(readers(name), name).toEqual(expected);
    }
  });

  it('lets each function read exactly its own parameters, by ARN, and no other SSM or Secrets Manager call', () => {
    for (const fn of FUNCTION_NAMES) {
      const ssm = byFunction[fn].filter((s) => actionsOf([s]).some((a) => a.startsWith('ssm:')));
      const reads = ssm.filter((s) => actionsOf([s]).includes('ssm:GetParameters'));
      expect(reads.flatMap((s) => resourcesOf(s).map(parameterOf)).sort(), fn).toEqual([...secretsOf(FUNCTIONS[fn])].sort());
      for (const statement of ssm)
        expect(
          actionsOf([statement]).every((a) => a === 'ssm:GetParameters' || a === 'ssm:PutParameter'),
          fn,
        ).toBe(true);
      expect(
        actionsOf(byFunction[fn]).filter((a) => a.startsWith('secretsmanager:')),
        fn,
      ).toEqual([]);
    }
  });

  it('lets only the readers of a generated key put it, and only that parameter', () => {
    const generated = SECRET_NAMES.filter((name) => SECRETS[name].source === 'generated');
    expect(generated).toEqual(['APPROVAL_LINK', 'CONSOLE']);
    expect(t.who('ssm:PutParameter')).toEqual(['approval-callback', 'console', 'request-approval']);
    for (const fn of FUNCTION_NAMES) {
      const puts = byFunction[fn].filter((s) => actionsOf([s]).includes('ssm:PutParameter'));
      const expected = secretsOf(FUNCTIONS[fn]).filter((name) => generated.includes(name));
      expect(puts.flatMap((s) => resourcesOf(s).map(parameterOf)).sort(), fn).toEqual(expected);
    }
  });

  it('lets each function write its own log group only: no managed execution policy, no log group of another', () => {
    const logGroups = new Map(t.ofType('AWS::Logs::LogGroup').map(([id]) => [id, id]));
    for (const fn of FUNCTION_NAMES) {
      const role = t.resources[t.roleOf(fn)]!;
      expect((role.Properties as { ManagedPolicyArns?: unknown[] }).ManagedPolicyArns ?? [], fn).toEqual([]);
      const own = resolveTokens((t.functionOf(fn).Properties as { LoggingConfig: { LogGroup: unknown } }).LoggingConfig.LogGroup);
      const logStatements = byFunction[fn].filter((s) => actionsOf([s]).some((a) => a.startsWith('logs:')));
      expect(actionsOf(logStatements).sort(), fn).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
      for (const statement of logStatements) expect(resourcesOf(statement), fn).toEqual([own]);
      expect(logGroups.has(own), fn).toBe(true);
    }
  });

  it('uses the tenant key only through grants on that key, and the aws/ssm key only through SSM, for the parameters', () => {
    const ssmKey = 'arn:AWS::Partition:kms:AWS::Region:AWS::AccountId:key/*';
    for (const fn of FUNCTION_NAMES) {
      for (const statement of byFunction[fn].filter((s) => actionsOf([s]).some((a) => a.startsWith('kms:')))) {
        if (resourcesOf(statement).includes(ssmKey)) {
          expect(resourcesOf(statement), fn).toEqual([ssmKey]);
          const condition = statement.Condition as Record<string, Record<string, unknown>>;
          expect(Object.keys(condition).sort(), fn).toEqual(['ForAnyValue:StringEquals', 'StringEquals']);
          expect(condition['ForAnyValue:StringEquals'], fn).toEqual({ 'kms:ResourceAliases': 'alias/aws/ssm' });
          expect(Object.keys(condition.StringEquals!), fn).toEqual(['kms:ViaService']);
          expect(resolveTokens(condition.StringEquals!['kms:ViaService']), fn).toBe('ssm.AWS::Region.amazonaws.com');
          // Decrypt for every reader; Encrypt only where the function puts a generated key.
          const generates = secretsOf(FUNCTIONS[fn]).some((name) => SECRETS[name].source === 'generated');
          expect(actionsOf([statement]).sort(), fn).toEqual(generates ? ['kms:Decrypt', 'kms:Encrypt'] : ['kms:Decrypt']);
        } else {
          expect(resourcesOf(statement), fn).toEqual([keyId]);
        }
      }
    }
    // The runs API and the sign-in authorizer only decrypt or not at all (the dead-letters function
    // encrypts: a retry sends the message back to the ticket queue); the MCP server holds no table or
    // queue grant and decrypts only its parameters, through SSM.
    expect(t.who('kms:Encrypt', (r) => r === keyId)).not.toContain('runs-api');
    expect(t.who('kms:Decrypt')).not.toContain('console-authorizer');
    expect(t.who('kms:Decrypt', (r) => r === keyId)).not.toContain('mcp');
  });

  it('lets only the cancellers (cancel API, ticket-closed in the run starter, the console, stalled-runs sweeper) stop executions, only of this tenant state machine', () => {
    expect(t.who('states:StopExecution')).toEqual(['cancel-run', 'console', 'run-starter', 'stalled-runs']);
    for (const fn of ['cancel-run', 'console', 'run-starter', 'stalled-runs'] as const) {
      const statement = byFunction[fn].find((s) => actionsOf([s]).includes('states:StopExecution'))!;
      expect(actionsOf([statement])).toEqual(['states:StopExecution']);
      expect(resourcesOf(statement)).toEqual([`arn:AWS::Partition:states:AWS::Region:AWS::AccountId:execution:${machineId}:*`]);
    }
  });

  it('grants the table actions the adapters send, and Scan and DeleteItem only where a function needs them', () => {
    const tableId = t.idOf('AWS::DynamoDB::Table');
    const onTable = (resource: string) => resource === tableId || resource.startsWith(`${tableId}/`);
    const readers = FUNCTION_NAMES.filter((fn) => FUNCTIONS[fn].access.table !== undefined).sort();
    const writers = FUNCTION_NAMES.filter((fn) => FUNCTIONS[fn].access.table === 'readWrite').sort();

    const wideReaders = readers.filter((fn) => !FUNCTIONS[fn].access.narrowReads);
    expect(t.who('dynamodb:GetItem', onTable)).toEqual(readers);
    expect(t.who('dynamodb:Query', onTable)).toEqual(wideReaders);
    // The public helpdesk webhook reads only its replay window's rows (by partition key), never a run.
    expect(readers.filter((fn) => FUNCTIONS[fn].access.narrowReads)).toEqual(['webhook-ingest']);
    const narrow = byFunction['webhook-ingest'].find((s) => actionsOf([s]).includes('dynamodb:GetItem'))!;
    expect(actionsOf([narrow])).toEqual(['dynamodb:GetItem']);
    expect(narrow.Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['EVENT#*#replay:*'] },
      Null: { 'dynamodb:LeadingKeys': 'false' },
    });
    // webhook-ingest only puts (the replay window's rows, functions/intake/webhook-ingest/replay-window.ts).
    expect(t.who('dynamodb:PutItem', onTable)).toEqual(writers);
    expect(t.who('dynamodb:UpdateItem', onTable)).toEqual(writers.filter((fn) => fn !== 'webhook-ingest'));
    // Nobody scans the table: the run lists and the stalled-run sweep query the byStatus index.
    // LockStore.release: the Refund step; the console settling a review also releases the idempotency
    // key (IdempotencyStore.release).
    expect(t.who('dynamodb:Scan')).toEqual([]);
    expect(t.who('dynamodb:DeleteItem')).toEqual(['console', 'refund']);
    // Nothing the adapters never send: batch and transaction calls, streams, table descriptions.
    const unused = ['BatchGetItem', 'BatchWriteItem', 'ConditionCheckItem', 'TransactWriteItems', 'GetRecords', 'GetShardIterator', 'DescribeTable'];
    for (const action of unused) expect(t.who(`dynamodb:${action}`), action).toEqual([]);
    // Readers decrypt the table's items; only writers also encrypt.
    expect(t.who('kms:Decrypt')).toEqual(expect.arrayContaining(readers));
    expect(t.who('kms:Encrypt')).not.toContain('runs-api');
  });

  it('grants every DynamoDB call of the DynamoDB adapters (harness stores and run stores) to some function', () => {
    const dirs = ['harness/adapters/dynamo', 'functions/shared/stores/dynamo'].map((dir) => join(REPO_ROOT, dir));
    const commands = new Set(
      dirs.flatMap((dir) =>
        readdirSync(dir)
          .filter((f) => f.endsWith('.ts'))
          .flatMap((f) => [...readFileSync(join(dir, f), 'utf8').matchAll(/\b(\w+)Command\b/g)].map((m) => m[1]!)),
      ),
    );
    const action: Record<string, string> = { Get: 'GetItem', Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', Query: 'Query', Scan: 'Scan' };
    // RunStore.list's Scan serves the local runtime's recovery of open runs (local/recovery.ts) only:
    // every deployed reader lists through the byStatus index, so no function may hold it.
    const localOnly = new Set(['Scan']);
    for (const command of commands) {
      expect(action[command], `${command}Command has no action in this test's map`).toBeDefined();
      if (localOnly.has(command)) expect(t.who(`dynamodb:${action[command]}`), command).toEqual([]);
      else expect(t.who(`dynamodb:${action[command]}`).length, command).toBeGreaterThan(0);
    }
  });

  it('gives check-reply, which escalates a failed draft in-process, exactly what the escalate function holds; there is no done function', () => {
    // The Escalate use case inside CheckReply: the run row, the approval store, the holding reply's model, the team note's post_draft.
    // Besides, the return address a return's reply is checked against: a setting, no grant.
    const { returnAddress, ...grants } = FUNCTIONS['check-reply'].access;
    expect(returnAddress).toBe(true);
    expect(grants).toEqual(FUNCTIONS.escalate.access);
    expect(actionsOf(byFunction['check-reply']).sort()).toEqual(actionsOf(byFunction.escalate).sort());
    expect(FUNCTION_NAMES as readonly string[]).not.toContain('done');
  });

  it('lets only request-approval send email, and only from the tenant sender identity', () => {
    expect(t.who('ses:SendEmail')).toEqual(['request-approval']);
    const statement = byFunction['request-approval'].find((s) => actionsOf([s]).includes('ses:SendEmail'))!;
    expect(resourcesOf(statement).map((arn) => arn.replace(/^.*:identity\//, ''))).toEqual(['refunds@acme.test', 'acme.test']);
  });

  it('grants no action on every resource except the X-Ray calls that have no resource-level permissions', () => {
    for (const fn of FUNCTION_NAMES) {
      const wildcard = byFunction[fn].filter((s) => resourcesOf(s).includes('*'));
      expect(actionsOf(wildcard).sort(), fn).toEqual(['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
    }
  });
});

describe('stateful resources', () => {
  it('encrypts table, queues and the alarm topic with one rotated customer-managed key that is retained', () => {
    const key = t.resources[keyId]!;
    expect(key.Properties).toMatchObject({ EnableKeyRotation: true });
    expect(key.DeletionPolicy).toBe('Retain');

    const byKey = { 'Fn::GetAtt': [keyId, 'Arn'] };
    for (const [id, queue] of t.ofType('AWS::SQS::Queue')) expect(queue.Properties!.KmsMasterKeyId, id).toEqual(byKey);
    const [, topic] = t.ofType('AWS::SNS::Topic')[0]!;
    expect(topic.Properties!.KmsMasterKeyId).toEqual(byKey);
  });

  it('keeps table, queues and key when the stack is deleted; the table also refuses deletion', () => {
    const stateful = ['AWS::DynamoDB::Table', 'AWS::SQS::Queue', 'AWS::KMS::Key'];
    for (const type of stateful) {
      for (const [id, resource] of t.ofType(type)) {
        expect(resource.DeletionPolicy, id).toBe('Retain');
        expect(resource.UpdateReplacePolicy, id).toBe('Retain');
      }
    }
    expect(t.resources[t.idOf('AWS::DynamoDB::Table')]!.Properties).toMatchObject({ DeletionProtectionEnabled: true });
  });

  it('creates no Secrets Manager secret and no parameter: the secret parameters are put by the operator or on first use, never in the template', () => {
    // Six secrets were $2.40 a tenant-month; standard SecureString parameters under aws/ssm cost nothing a month.
    expect(t.ofType('AWS::SecretsManager::Secret')).toEqual([]);
    expect(t.ofType('AWS::SSM::Parameter')).toEqual([]);
  });

  it('denies plain-HTTP access to the queues and the alarm topic', () => {
    const denies = [...t.ofType('AWS::SQS::QueuePolicy'), ...t.ofType('AWS::SNS::TopicPolicy')].flatMap(([, p]) =>
      (p.Properties!.PolicyDocument as { Statement: Statement[] }).Statement.filter(
        (s) => s.Effect === 'Deny' && JSON.stringify(s.Condition) === '{"Bool":{"aws:SecureTransport":"false"}}',
      ),
    );
    expect(denies).toHaveLength(t.ofType('AWS::SQS::Queue').length + t.ofType('AWS::SNS::Topic').length);
  });
});
