// TicketLedger on the single table: TICKET#<rootRunId>/LEDGER. Every change is one conditional write:
// created once; a refund appended only while `version` is the one its decision read (and once per
// run); an ended run added to a string set (ADD, repeatable); the combined draft claimed once.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TicketLedgerRecord } from '../../domain/ticket-requests.js';
import type { TicketLedger } from '../ports.js';
import { RecordNotFoundError } from '#harness/adapters/errors.js';
import { conditionally, withoutKeys } from '#harness/adapters/dynamo/conditional.js';
import { type DynamoTableDeps, keys } from './table.js';

/** A ledger outlives its runs' wait for approval (days) and then some; DynamoDB's TTL deletes it. */
const LEDGER_RETENTION_SECONDS = 60 * 24 * 3600;

function parse(item: Record<string, unknown>): TicketLedgerRecord {
  const ended = item.ended instanceof Set ? [...(item.ended as Set<string>)] : [];
  return TicketLedgerRecord.parse({ ...withoutKeys(item), ended: ended.sort() });
}

const key = (rootRunId: string) => keys.ticket(rootRunId);

/** One conditional update of the ledger (it must exist), with the values it names. */
function updateOf(tableName: string, rootRunId: string, set: string, condition: string, values: Record<string, unknown>) {
  return new UpdateCommand({
    TableName: tableName,
    Key: key(rootRunId),
    UpdateExpression: set,
    ConditionExpression: condition ? `attribute_exists(pk) AND ${condition}` : 'attribute_exists(pk)',
    ExpressionAttributeValues: values,
  });
}

export function createDynamoTicketLedger({ client, tableName, clock }: DynamoTableDeps): TicketLedger {
  async function read(rootRunId: string) {
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: key(rootRunId), ConsistentRead: true }));
    return Item ? parse(Item) : null;
  }
  return {
    async open(rootRunId, runIds) {
      const expiresAt = Math.floor(clock.now().getTime() / 1000) + LEDGER_RETENTION_SECONDS;
      await conditionally(() =>
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: { ...key(rootRunId), rootRunId, runIds: [...runIds], refunds: [], version: 0, expiresAt },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
    },
    get: read,
    async addRefund(rootRunId, refund, version) {
      const values = { ':refund': [refund], ':version': version, ':next': version + 1 };
      const written = await conditionally(() =>
        client.send(updateOf(tableName, rootRunId, 'SET refunds = list_append(refunds, :refund), version = :next', 'version = :version', values)),
      );
      if (written) return true;
      // Lost the race, or this run's refund is there already (a repeat): true only for the latter.
      const now = await read(rootRunId);
      if (!now) throw new RecordNotFoundError('ticket ledger', rootRunId);
      return now.refunds.some((r) => r.runId === refund.runId);
    },
    async end(rootRunId, runId) {
      const command = updateOf(tableName, rootRunId, 'ADD ended :run', '', { ':run': new Set([runId]) });
      command.input.ReturnValues = 'ALL_NEW';
      const { Attributes } = await client.send(command);
      if (!Attributes) throw new RecordNotFoundError('ticket ledger', rootRunId);
      return parse(Attributes);
    },
    async claimCombined(rootRunId, runId) {
      const condition = '(attribute_not_exists(combinedBy) OR combinedBy = :run)';
      return conditionally(() => client.send(updateOf(tableName, rootRunId, 'SET combinedBy = :run', condition, { ':run': runId })));
    },
    async recordCombined(rootRunId, noteId) {
      await client.send(updateOf(tableName, rootRunId, 'SET combinedNoteId = :note', '', { ':note': noteId }));
    },
  };
}
