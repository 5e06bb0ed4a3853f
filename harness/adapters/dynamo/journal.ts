// JournalStore on the single table: RUN#<runId>/JOURNAL#<seq>, next to the run row, so one Query
// returns a run's calls in order. Rows are bounded by the gateway before they get here, stored as
// small as they allow (journal-item.ts), and expire (TTL) with the tenant's retention after their time.
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { JournalRow } from '../../domain/types.js';
import type { IdGenerator, JournalStore } from '../../ports.js';
import { RecordExistsError } from '../errors.js';
import { createJournalSequencer, DEFAULT_RETENTION_DAYS, jsonCopy, retentionExpiry } from '../records.js';
import { conditionally } from './conditional.js';
import { journalItem, journalRowOf } from './journal-item.js';
import { type DynamoTableDeps, keys, TABLE_KEYS } from './table.js';

export function createDynamoJournalStore({
  client,
  tableName,
  ids,
  retentionDays = DEFAULT_RETENTION_DAYS,
}: DynamoTableDeps & { ids: IdGenerator }): JournalStore {
  const nextSeq = createJournalSequencer(() => ids.random());
  return {
    async append(row) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const stored = JournalRow.parse(jsonCopy({ ...row, seq: nextSeq(row.at) }));
        const written = await conditionally(() =>
          client.send(
            new PutCommand({
              TableName: tableName,
              Item: { ...keys.journal(row.runId, stored.seq), ...journalItem(stored), [TABLE_KEYS.ttlAttribute]: retentionExpiry(stored.at, retentionDays) },
              ConditionExpression: 'attribute_not_exists(pk)',
            }),
          ),
        );
        if (written) return stored;
      }
      throw new RecordExistsError('journal row', `${row.runId}@${row.at}`);
    },

    async listByRun(runId) {
      const rows: JournalRow[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const page = await client.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :journal)',
            ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
            ExpressionAttributeValues: { ':pk': keys.run(runId).pk, ':journal': 'JOURNAL#' },
            ConsistentRead: true,
            ExclusiveStartKey: start,
          }),
        );
        for (const item of page.Items ?? []) rows.push(journalRowOf(item));
        start = page.LastEvaluatedKey;
      } while (start);
      return rows;
    },
  };
}
