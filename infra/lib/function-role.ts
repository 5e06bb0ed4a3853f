// Each function's execution role, made here rather than by CDK's default (which attaches the managed
// AWSLambdaBasicExecutionRole: logs:CreateLogGroup, CreateLogStream and PutLogEvents on every log
// group of the account). This role may write log streams of the function's own log group only; the
// group itself is made by the stack, so the role never creates one. The other grants (table, queues,
// secrets, the MCP URL, X-Ray for active tracing) are added to it by access.ts and by CDK as before.
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

export function functionRole(scope: Construct, fnId: string, logGroup: ILogGroup): Role {
  const role = new Role(scope, `${fnId}Role`, {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: `refund-agent ${fnId}: writes its own log group only`,
  });
  // The log group's ARN attribute ends in ":*", so it covers the group's streams and nothing else.
  role.addToPolicy(new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }));
  return role;
}
