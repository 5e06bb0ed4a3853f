// BudgetStore on the single table: BUDGET#RUN#<runId> (committed cost, turns per specialist) and
// BUDGET#DAY#<tenant>#<day> (committed cost). A reservation is a conditional counter update on each:
// the condition compares the counter with (cap − reservation), so no write can take it past the cap.
// Run first, then day; a refused day gives the run its reservation back. Settle adds the difference.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BudgetReservation, BudgetStore } from '../../ports.js';
import { BUDGET_RETENTION_SECONDS } from '../records.js';
import { conditionally } from './conditional.js';
import type { DynamoTableDeps } from './runs.js';
import { keys } from './table.js';

const turnsAttribute = (specialist: string) => `turns_${specialist.replace(/[^A-Za-z0-9_]/g, '_')}`;

export function createDynamoBudgetStore({ client, tableName, clock }: DynamoTableDeps): BudgetStore {
  const expiresAt = () => Math.floor(clock.now().getTime() / 1000) + BUDGET_RETENTION_SECONDS;

  async function read(key: { pk: string; sk: string }): Promise<Record<string, unknown>> {
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
    return Item ?? {};
  }

  async function add(key: { pk: string; sk: string }, micros: number, turns: { name: string; delta: number } | null) {
    await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: turns ? 'ADD #c :m, #t :t' : 'ADD #c :m',
        ExpressionAttributeNames: { '#c': 'committedMicros', ...(turns ? { '#t': turns.name } : {}) },
        ExpressionAttributeValues: { ':m': micros, ...(turns ? { ':t': turns.delta } : {}) },
      }),
    );
  }

  return {
    async reserve(input) {
      const need = Math.max(input.micros, 1); // a zero-cost call is still refused at the cap
      const turns = turnsAttribute(input.specialist);
      const runKey = keys.budgetRun(input.runId);
      // The conditions below let a first reservation on a new counter through: check its size here.
      if (need > input.runCapMicros) return { ok: false, limit: 'run_cost', committedMicros: Number((await read(runKey)).committedMicros ?? 0) };
      if (need > input.dailyCapMicros) return { ok: false, limit: 'tenant_daily_cost', committedMicros: Number((await read(keys.budgetDay(input.tenant, input.day))).committedMicros ?? 0) };
      const runOk = await conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: runKey,
            UpdateExpression: 'SET #c = if_not_exists(#c, :zero) + :m, #t = if_not_exists(#t, :zero) + :one, #exp = :exp',
            ConditionExpression: '(attribute_not_exists(#c) OR #c <= :limit) AND (attribute_not_exists(#t) OR #t < :maxTurns)',
            ExpressionAttributeNames: { '#c': 'committedMicros', '#t': turns, '#exp': 'expiresAt' },
            ExpressionAttributeValues: {
              ':zero': 0,
              ':one': 1,
              ':m': input.micros,
              ':limit': input.runCapMicros - need,
              ':maxTurns': input.maxTurns,
              ':exp': expiresAt(),
            },
          }),
        ),
      );
      if (!runOk) {
        const item = await read(runKey);
        const committedMicros = Number(item.committedMicros ?? 0);
        const limit = Number(item[turns] ?? 0) >= input.maxTurns ? 'specialist_turns' : 'run_cost';
        return { ok: false, limit, committedMicros };
      }
      const dayKey = keys.budgetDay(input.tenant, input.day);
      const dayOk = await conditionally(() =>
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: dayKey,
            UpdateExpression: 'SET #c = if_not_exists(#c, :zero) + :m, #exp = :exp',
            ConditionExpression: 'attribute_not_exists(#c) OR #c <= :limit',
            ExpressionAttributeNames: { '#c': 'committedMicros', '#exp': 'expiresAt' },
            ExpressionAttributeValues: { ':zero': 0, ':m': input.micros, ':limit': input.dailyCapMicros - need, ':exp': expiresAt() },
          }),
        ),
      );
      if (!dayOk) {
        await add(runKey, -input.micros, { name: turns, delta: -1 });
        return { ok: false, limit: 'tenant_daily_cost', committedMicros: Number((await read(dayKey)).committedMicros ?? 0) };
      }
      const reservation: BudgetReservation = { tenant: input.tenant, runId: input.runId, day: input.day, reservedMicros: input.micros };
      return { ok: true, reservation };
    },

    async settle(reservation, actualMicros) {
      const delta = actualMicros - reservation.reservedMicros;
      if (delta === 0) return;
      await add(keys.budgetRun(reservation.runId), delta, null);
      await add(keys.budgetDay(reservation.tenant, reservation.day), delta, null);
    },

    async committed(tenant, day) {
      return Number((await read(keys.budgetDay(tenant, day))).committedMicros ?? 0);
    },
  };
}
