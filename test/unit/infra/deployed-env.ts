// Evaluates a function's environment from a synthesized template the way it would look in a freshly
// deployed stack: references become sample values of the right shape (a queue's Ref is its URL), and
// each secret parameter reads as it does on the first cold start (infra/lib/secrets.ts): a generated
// key is put then, 48 characters; an operator parameter not put yet reads as its empty fields. Used by
// environment.test.ts and model-provider.test.ts to feed the real config parsers.
import { SECRET_NAMES, SECRETS, type SecretName } from '../../../infra/lib/secrets.js';

type Resource = { Type: string; Properties?: Record<string, unknown> };

const PSEUDO: Record<string, string> = {
  'AWS::Region': 'eu-west-1',
  'AWS::AccountId': '123456789012',
  'AWS::Partition': 'aws',
  'AWS::URLSuffix': 'amazonaws.com',
};

/** What `Ref` returns for each resource type in this stack, as CloudFormation documents it. */
const REF_SAMPLE: Record<string, (id: string) => string> = {
  'AWS::DynamoDB::Table': (id) => `${id}-table`,
  'AWS::SQS::Queue': (id) => `https://sqs.eu-west-1.amazonaws.com/123456789012/${id}.fifo`,
  'AWS::StepFunctions::StateMachine': (id) => `arn:aws:states:eu-west-1:123456789012:stateMachine:${id}`,
  'AWS::ApiGatewayV2::Api': () => 'a1b2c3d4e5',
  // A generated configuration set name.
  'AWS::SES::ConfigurationSet': (id) => `${id}-AbCdEfGh`,
  // The console's sign-in: the pool's id, the app client's id, the hosted UI's domain prefix.
  'AWS::Cognito::UserPool': () => 'eu-west-1_AbCdEfGhI',
  'AWS::Cognito::UserPoolClient': () => '1a2b3c4d5e6f7g8h9i0j1k2l3m',
  'AWS::Cognito::UserPoolDomain': () => 'refund-agent-acme',
};

const GETATT_SAMPLE: Record<string, (id: string) => string> = {
  'AWS::ApiGatewayV2::Api.ApiEndpoint': () => 'https://a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com',
  // A function URL ends with a slash.
  'AWS::Lambda::Url.FunctionUrl': () => 'https://f1g2h3i4j5k6l7m8n9o0p1q2r3s4t5u6.lambda-url.eu-west-1.on.aws/',
  'AWS::IAM::Role.Arn': (id) => `arn:aws:iam::123456789012:role/${id}`,
  'AWS::Cognito::UserPool.ProviderURL': () => 'cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEfGhI',
};

export function createTemplateEvaluator(resources: Record<string, Resource>) {
  function evaluate(value: unknown): string {
    if (typeof value === 'string') return value;
    const node = value as Record<string, unknown>;
    if (typeof node.Ref === 'string') {
      const ref = node.Ref;
      if (PSEUDO[ref]) return PSEUDO[ref];
      const resource = resources[ref];
      const sample = resource && REF_SAMPLE[resource.Type];
      if (!sample) throw new Error(`no sample for Ref ${ref} (${resource?.Type ?? 'unknown'})`);
      return sample(ref);
    }
    if (node['Fn::GetAtt']) {
      const [ref, attribute] = node['Fn::GetAtt'] as [string, string];
      const sample = GETATT_SAMPLE[`${resources[ref]?.Type}.${attribute}`];
      if (sample === undefined) throw new Error(`no sample for GetAtt ${ref}.${attribute}`);
      return sample(ref);
    }
    if (node['Fn::Join']) {
      const [separator, parts] = node['Fn::Join'] as [string, unknown[]];
      return parts.map(evaluate).join(separator);
    }
    throw new Error(`cannot evaluate ${JSON.stringify(value)}`);
  }

  return {
    /** The raw template value of each variable (strings or CloudFormation intrinsics). */
    rawEnvOf(logicalId: string): Record<string, unknown> {
      const props = resources[logicalId]?.Properties as { Environment?: { Variables?: Record<string, unknown> } } | undefined;
      return props?.Environment?.Variables ?? {};
    },
    /** The environment as the function would see it right after deploy. */
    deployedEnvOf(logicalId: string): Record<string, string> {
      return Object.fromEntries(Object.entries(this.rawEnvOf(logicalId)).map(([k, v]) => [k, evaluate(v)]));
    },
    /** A secret parameter's fields on the first cold start, by the name a function got (`/refund-agent/<tenant>/<boundary>`). */
    secretValueOf(parameterName: string): Record<string, string> {
      const boundary = parameterName.split('/').at(-1)!.toUpperCase() as SecretName;
      if (!SECRET_NAMES.includes(boundary)) throw new Error(`no secret parameter named ${parameterName}`);
      const spec = SECRETS[boundary];
      return Object.fromEntries(spec.fields.map((field) => [field, spec.source === 'generated' ? 'g'.repeat(48) : '']));
    },
  };
}
