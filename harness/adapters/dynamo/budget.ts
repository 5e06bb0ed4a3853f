// BudgetStore on the single table: BUDGET#RUN#<runId> (committed cost, turns per specialist) and
// BUDGET#DAY#<tenant>#<day> (committed cost). A reservation is a conditional counter update on each:
// the condition compares the counter with (cap − reservation), so no write can take it past the cap.
// Run first, then day; a refused day gives the run its reservation back. Settle adds the difference.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BudgetReservation, BudgetStore } from '../../ports.js';
import { BUDGET_RETENTION_SECONDS } from '../records.js';
import { conditionally } from './conditional.js';
import { type DynamoTableDeps, keys } from './table.js';

type Ask = Parameters<BudgetStore['reserve']>[0];
type Outcome = Awaited<ReturnType<BudgetStore['reserve']>>;
type CounterKey = { pk: string; sk: string };

const turnsAttribute = (specialist: string) => `turns_${specialist.replace(/[^A-Za-z0-9_]/g, '_')}`;
const expiresAt = ({ clock }: DynamoTableDeps) => Math.floor(clock.now().getTime() / 1000) + BUDGET_RETENTION_SECONDS;

async function read({ client, tableName }: DynamoTableDeps, key: CounterKey): Promise<Record<string, unknown>> {
  const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
  return Item ?? {};
}

async function committedAt(deps: DynamoTableDeps, key: CounterKey): Promise<number> {
  return Number((await read(deps, key)).committedMicros ?? 0);
}

async function add({ client, tableName }: DynamoTableDeps, key: CounterKey, micros: number, turns: { name: string; delta: number } | null) {
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

/** Adds the reservation and one turn to the run's counters when the run's cap and the specialist's turns allow. */
async function addToRun(deps: DynamoTableDeps, input: Ask, need: number): Promise<boolean> {
  return conditionally(() =>
    deps.client.send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: keys.budgetRun(input.runId),
        UpdateExpression: 'SET #c = if_not_exists(#c, :zero) + :m, #t = if_not_exists(#t, :zero) + :one, #exp = :exp',
        ConditionExpression: '(attribute_not_exists(#c) OR #c <= :limit) AND (attribute_not_exists(#t) OR #t < :maxTurns)',
        ExpressionAttributeNames: { '#c': 'committedMicros', '#t': turnsAttribute(input.specialist), '#exp': 'expiresAt' },
        ExpressionAttributeValues: {
          ':zero': 0,
          ':one': 1,
          ':m': input.micros,
          ':limit': input.runCapMicros - need,
          ':maxTurns': input.maxTurns,
          ':exp': expiresAt(deps),
        },
      }),
    ),
  );
}

/** Adds the reservation to the tenant-day's counter when the daily cap allows. */
async function addToDay(deps: DynamoTableDeps, input: Ask, need: number): Promise<boolean> {
  return conditionally(() =>
    deps.client.send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: keys.budgetDay(input.tenant, input.day),
        UpdateExpression: 'SET #c = if_not_exists(#c, :zero) + :m, #exp = :exp',
        ConditionExpression: 'attribute_not_exists(#c) OR #c <= :limit',
        ExpressionAttributeNames: { '#c': 'committedMicros', '#exp': 'expiresAt' },
        ExpressionAttributeValues: { ':zero': 0, ':m': input.micros, ':limit': input.dailyCapMicros - need, ':exp': expiresAt(deps) },
      }),
    ),
  );
}

async function reserve(deps: DynamoTableDeps, input: Ask): Promise<Outcome> {
  const need = Math.max(input.micros, 1); // a zero-cost call is still refused at the cap
  const turns = turnsAttribute(input.specialist);
  const runKey = keys.budgetRun(input.runId);
  const dayKey = keys.budgetDay(input.tenant, input.day);
  // The conditions below let a first reservation on a new counter through: check its size and turns here.
  if (need > input.runCapMicros) return { ok: false, limit: 'run_cost', committedMicros: await committedAt(deps, runKey) };
  if (input.maxTurns < 1) return { ok: false, limit: 'specialist_turns', committedMicros: await committedAt(deps, runKey) };
  if (need > input.dailyCapMicros) return { ok: false, limit: 'tenant_daily_cost', committedMicros: await committedAt(deps, dayKey) };
  if (!(await addToRun(deps, input, need))) {
    const item = await read(deps, runKey);
    const committedMicros = Number(item.committedMicros ?? 0);
    const limit = Number(item[turns] ?? 0) >= input.maxTurns ? 'specialist_turns' : 'run_cost';
    return { ok: false, limit, committedMicros };
  }
  if (!(await addToDay(deps, input, need))) {
    await add(deps, runKey, -input.micros, { name: turns, delta: -1 });
    return { ok: false, limit: 'tenant_daily_cost', committedMicros: await committedAt(deps, dayKey) };
  }
  const reservation: BudgetReservation = { tenant: input.tenant, runId: input.runId, day: input.day, reservedMicros: input.micros };
  return { ok: true, reservation };
}

async function settle(deps: DynamoTableDeps, reservation: BudgetReservation, actualMicros: number): Promise<void> {
  const delta = actualMicros - reservation.reservedMicros;
  if (delta === 0) return;
  await add(deps, keys.budgetRun(reservation.runId), delta, null);
  await add(deps, keys.budgetDay(reservation.tenant, reservation.day), delta, null);
}

export function createDynamoBudgetStore(deps: DynamoTableDeps): BudgetStore {
  return {
    reserve: (input) => reserve(deps, input),
    settle: (reservation, actualMicros) => settle(deps, reservation, actualMicros),
    committed: (tenant, day) => committedAt(deps, keys.budgetDay(tenant, day)),
  };
}
