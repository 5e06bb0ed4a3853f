// The tenant's stateful resources, kept apart from the stateless functions: the customer-managed
// KMS key that encrypts them, the single DynamoDB table (schema from harness/adapters/dynamo/table.ts),
// the FIFO ticket queue with its DLQ, and the secrets of secrets.ts. All retained when the stack is
// deleted. Composed by refund-agent.ts.
import { Duration, RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { createTableInput, TABLE_KEYS } from '#harness/adapters/dynamo/table.js';
import { SECRET_NAMES, SECRETS, secretIdOf, type SecretName } from './secrets.js';

export type StatefulProps = {
  /** Visibility timeout of the ticket queue: at least six times the consumer's timeout (AWS guidance). */
  queueVisibilityTimeout: Duration;
};

/** Receives after which SQS moves a ticket event to the DLQ; the run starter dead-letters on the last one. */
export const MAX_RECEIVE_COUNT = 5;

export class RefundAgentState extends Construct {
  /**
   * One customer-managed key per tenant (rotated yearly) for the table, both queues, the secrets and
   * the alarm topic: a function must be granted the key as well as the resource (two locks), every use
   * is in CloudTrail, and disabling the key makes the tenant's data unreadable at once.
   */
  readonly key: Key;
  readonly table: Table;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly secrets: Record<SecretName, Secret>;

  constructor(scope: Construct, id: string, props: StatefulProps) {
    super(scope, id);

    this.key = new Key(this, 'DataKey', {
      description: 'refund-agent: encrypts the tenant table, ticket queues, secrets and alarm topic',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryption.CUSTOMER_MANAGED,
      encryptionKey: this.key,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      // The harness's TTL attribute, when its schema has one (expired idempotency and budget rows).
      ...('ttlAttribute' in TABLE_KEYS ? { timeToLiveAttribute: String(TABLE_KEYS.ttlAttribute) } : {}),
    });
    // Every index of the shared schema, as the emulators create it: one definition for both.
    for (const index of createTableInput('schema').GlobalSecondaryIndexes) {
      const [hash, range] = index.KeySchema;
      this.table.addGlobalSecondaryIndex({
        indexName: index.IndexName,
        partitionKey: { name: hash!.AttributeName, type: AttributeType.STRING },
        ...(range ? { sortKey: { name: range.AttributeName, type: AttributeType.STRING } } : {}),
        projectionType: ProjectionType[index.Projection.ProjectionType],
      });
    }

    const encrypted = { encryption: QueueEncryption.KMS, encryptionMasterKey: this.key, enforceSSL: true, removalPolicy: RemovalPolicy.RETAIN };
    this.deadLetterQueue = new Queue(this, 'TicketDeadLetterQueue', { fifo: true, retentionPeriod: Duration.days(14), ...encrypted });
    // Dedupe ids come from the helpdesk event id (set by webhook-ingest), never from the body.
    this.queue = new Queue(this, 'TicketQueue', {
      fifo: true,
      contentBasedDeduplication: false,
      visibilityTimeout: props.queueVisibilityTimeout,
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAX_RECEIVE_COUNT },
      ...encrypted,
    });

    const secrets = {} as Record<SecretName, Secret>;
    for (const name of SECRET_NAMES) {
      const spec = SECRETS[name];
      const common = { description: `refund-agent: ${spec.description}`, encryptionKey: this.key, removalPolicy: RemovalPolicy.RETAIN };
      secrets[name] =
        spec.source === 'generated'
          ? new Secret(this, `${secretIdOf(name)}Secret`, {
              ...common,
              generateSecretString: { secretStringTemplate: '{}', generateStringKey: spec.fields[0], excludePunctuation: true, passwordLength: 48 },
            })
          : // Empty fields, not placeholders: an unset credential stays unusable (a webhook route answers 404).
            new Secret(this, `${secretIdOf(name)}Secret`, {
              ...common,
              secretObjectValue: Object.fromEntries(spec.fields.map((field) => [field, SecretValue.unsafePlainText('')])),
            });
    }
    this.secrets = secrets;
  }
}
