// The tenant's stateful resources, kept apart from the stateless functions: the customer-managed
// KMS key that encrypts them, the single DynamoDB table (schema from functions/shared/stores/dynamo/table.ts),
// and the FIFO ticket queue with its DLQ. All retained when the stack is deleted. The secrets are SSM
// parameters the stack names but does not create (secrets.ts). Composed by refund-agent.ts.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { createTableInput, TABLE_KEYS } from '#functions/shared/stores/dynamo/table.js';

export type StatefulProps = {
  /** Visibility timeout of the ticket queue: at least six times the consumer's timeout (AWS guidance). */
  queueVisibilityTimeout: Duration;
  /** Whether the tenant's data has a key of its own (tenant-config.ts customerManagedKeyOf); else AWS's keys. */
  customerManagedKey: boolean;
};

/** Receives after which SQS moves a ticket event to the DLQ; the run starter dead-letters on the last one. */
export const MAX_RECEIVE_COUNT = 5;

export class RefundAgentState extends Construct {
  /**
   * One customer-managed key per tenant (rotated yearly) for the table, both queues and the alarm
   * topic: a function must be granted the key as well as the resource (two locks), every use is in
   * CloudTrail, and disabling the key makes the tenant's data unreadable at once. (The secret
   * parameters use the AWS-managed aws/ssm key: secrets.ts.) Absent when the tenant chose AWS's keys
   * (`customerManagedKey: false`, the default in an account of its own, where the account is the
   * boundary): the table and queues are then encrypted with keys AWS owns, at no charge per month or
   * per request, and the alarm topic is not encrypted (it carries alarm names and states only).
   */
  readonly key: Key | undefined;
  readonly table: Table;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: StatefulProps) {
    super(scope, id);

    this.key = props.customerManagedKey
      ? new Key(this, 'DataKey', {
          description: 'refund-agent: encrypts the tenant table, ticket queues and alarm topic',
          enableKeyRotation: true,
          removalPolicy: RemovalPolicy.RETAIN,
        })
      : undefined;

    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      ...(this.key ? { encryption: TableEncryption.CUSTOMER_MANAGED, encryptionKey: this.key } : { encryption: TableEncryption.DEFAULT }),
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

    const encrypted = {
      ...(this.key ? { encryption: QueueEncryption.KMS, encryptionMasterKey: this.key } : { encryption: QueueEncryption.SQS_MANAGED }),
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
    };
    this.deadLetterQueue = new Queue(this, 'TicketDeadLetterQueue', { fifo: true, retentionPeriod: Duration.days(14), ...encrypted });
    // Dedupe ids come from the helpdesk event id (set by webhook-ingest), never from the body.
    this.queue = new Queue(this, 'TicketQueue', {
      fifo: true,
      contentBasedDeduplication: false,
      visibilityTimeout: props.queueVisibilityTimeout,
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAX_RECEIVE_COUNT },
      ...encrypted,
    });
  }
}
