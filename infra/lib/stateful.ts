// The tenant's stateful resources, kept apart from the stateless functions: the single DynamoDB table
// (schema from harness/adapters/dynamo/table.ts), the FIFO ticket queue with its DLQ, and the secrets.
// Composed by refund-agent.ts.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { TABLE_KEYS } from '#harness/adapters/dynamo/table.js';
import type { SecretField } from './functions.js';

export type StatefulProps = {
  /** Visibility timeout of the ticket queue: at least six times the consumer's timeout (AWS guidance). */
  queueVisibilityTimeout: Duration;
};

export class RefundAgentState extends Construct {
  readonly table: Table;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  /** Connector credentials as JSON fields (SECRET_FIELDS in functions.ts), filled by the operator. */
  readonly connectorSecret: Secret;

  constructor(scope: Construct, id: string, props: StatefulProps) {
    super(scope, id);

    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.table.addGlobalSecondaryIndex({
      indexName: TABLE_KEYS.byOrderIndex,
      partitionKey: { name: TABLE_KEYS.byOrderPartitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.byOrderSortKey, type: AttributeType.STRING },
      projectionType: ProjectionType.ALL,
    });

    this.deadLetterQueue = new Queue(this, 'TicketDeadLetterQueue', {
      fifo: true,
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    // Dedupe ids come from the helpdesk event id (set by webhook-ingest), never from the body.
    this.queue = new Queue(this, 'TicketQueue', {
      fifo: true,
      contentBasedDeduplication: false,
      visibilityTimeout: props.queueVisibilityTimeout,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: 5 },
    });

    // Every field must exist at deploy time (functions get them as dynamic references), so the template
    // holds placeholders; MCP_CALLER_TOKEN is generated. Operators replace the rest, then redeploy.
    const placeholders: Record<Exclude<SecretField, 'MCP_CALLER_TOKEN'>, string> = {
      SHOPIFY_ADMIN_TOKEN: 'set-after-deploy',
      HELPDESK_EMAIL: 'set-after-deploy@example.com',
      HELPDESK_TOKEN: 'set-after-deploy',
      ZENDESK_WEBHOOK_SECRET: 'set-after-deploy',
    };
    const generated: SecretField = 'MCP_CALLER_TOKEN';
    this.connectorSecret = new Secret(this, 'ConnectorSecret', {
      description: 'refund-agent connector credentials: Shopify Admin token, helpdesk API, webhook signing, MCP caller token',
      removalPolicy: RemovalPolicy.RETAIN,
      generateSecretString: {
        secretStringTemplate: JSON.stringify(placeholders),
        generateStringKey: generated,
        excludePunctuation: true,
        passwordLength: 48,
      },
    });
  }
}
