// Who may read and put the tenant's secret parameters (secrets.ts), from the FUNCTIONS table: a
// function may GetParameters exactly the parameters of its readers' flags, by ARN; only the readers of
// a generated parameter may PutParameter, and only that parameter (the first cold start puts the key,
// shared/secrets.ts). The values are under the AWS-managed aws/ssm key, whose key policy already lets
// every principal of the account use it through SSM: the parameter grants are the lock that counts.
// The kms statement says the same in this role (decrypt, and encrypt for the generators) and is held
// to that key through SSM by its conditions; the key's id differs per account, hence key/* (nag.ts).
import { Aws } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { FunctionSpec } from './functions.js';
import { generatedSecretsOf, parameterArnOf, secretsOf } from './secrets.js';

/** The keys of this account and region, narrowed by the conditions below to aws/ssm used through SSM. */
export const SSM_KEY_RESOURCE = `arn:${Aws.PARTITION}:kms:${Aws.REGION}:${Aws.ACCOUNT_ID}:key/*`;

export function grantSecretParameters(fn: IFunction, spec: FunctionSpec, tenant: string): void {
  const readable = secretsOf(spec);
  if (readable.length === 0) return;
  const generated = generatedSecretsOf(spec);
  fn.addToRolePolicy(new PolicyStatement({ actions: ['ssm:GetParameters'], resources: readable.map((name) => parameterArnOf(fn, tenant, name)) }));
  if (generated.length > 0) {
    fn.addToRolePolicy(new PolicyStatement({ actions: ['ssm:PutParameter'], resources: generated.map((name) => parameterArnOf(fn, tenant, name)) }));
  }
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: generated.length > 0 ? ['kms:Decrypt', 'kms:Encrypt'] : ['kms:Decrypt'],
      resources: [SSM_KEY_RESOURCE],
      conditions: {
        StringEquals: { 'kms:ViaService': `ssm.${Aws.REGION}.amazonaws.com` },
        'ForAnyValue:StringEquals': { 'kms:ResourceAliases': 'alias/aws/ssm' },
      },
    }),
  );
}
