// EventLedger on the single table: EVENT#<tenant>#<helpdesk>#<eventId>/EVENT. The first claim of
// an event id wins; a retried webhook gets the run id recorded first. expiresAt is the TTL.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { EventLedger } from '../ports.js';
import { RecordNotFoundError } from '#harness/adapters/errors.js';
import { conditionally } from '#harness/adapters/dynamo/conditional.js';
import { type DynamoTableDeps, keys } from './table.js';

/** How long a seen webhook event is remembered (DynamoDB TTL): a redelivery within a week is recognised as the same event. */
export const EVENT_RETENTION_SECONDS = 7 * 24 * 3600;

export function createDynamoEventLedger({ client, tableName }: Omit<DynamoTableDeps, 'clock'>): EventLedger {
  return {
    async claim(input) {
      const key = keys.event(input.tenant, input.helpdesk, input.eventId);
      const expiresAt = Math.floor(Date.parse(input.at) / 1000) + EVENT_RETENTION_SECONDS;
      const first = await conditionally(() =>
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...key, ...input, expiresAt },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
      if (first) return { firstTime: true, runId: input.runId };
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
      if (!Item || typeof Item.runId !== 'string') throw new RecordNotFoundError('event', input.eventId);
      return { firstTime: false, runId: Item.runId };
    },
  };
}
