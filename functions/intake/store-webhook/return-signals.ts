// The store says a returned parcel arrived: `reverse_fulfillment_orders/dispose` (units received on the
// return's reverse fulfillment order) or `returns/process` (a return processed, by anyone). Each
// answers the wait of the run awaiting that return (AwaitReturn's task token) with `received`; the
// run's ProcessReturn then reads the return itself and refunds only what came back and was not
// processed. A delivery for a return no run awaits (a redelivery after the refund, a return a person
// opened) changes nothing. A token already answered or timed out is not an error; any other failure
// to answer is, so Shopify delivers again.
import * as z from 'zod';
import type { ReturnCase, Run } from '#functions/shared/domain/run.js';
import type { RunStore, WorkflowEngine } from '#functions/shared/stores/ports.js';
import type { StoreWebhookOutcome } from '../../shared/store-webhook-outcome.js';

export const RETURNS_PROCESS_TOPIC = 'returns/process';
export const RFO_DISPOSE_TOPIC = 'reverse_fulfillment_orders/dispose';

/** An answered, timed-out or unknown token: Step Functions' names and the local engine's. */
const TOKEN_GONE = new Set(['TaskDoesNotExist', 'TaskTimedOut', 'InvalidToken', 'TaskTokenNotFoundError']);

const Gid = (kind: string) => z.string().regex(new RegExp(`^gid://shopify/${kind}/\\d{1,20}$`));
const ReturnBody = z.object({ admin_graphql_api_id: Gid('Return') });
const DisposeBody = z.object({ admin_graphql_api_id: Gid('ReverseFulfillmentOrder') });

export interface ReturnSignalDeps {
  tenant: string;
  runs: Pick<RunStore, 'listByStatus'>;
  workflow: Pick<WorkflowEngine, 'sendTaskSuccess'>;
  /** Newest runs awaiting a return that are searched (default 500). */
  searchLimit?: number;
}

export function createReturnSignals(deps: ReturnSignalDeps) {
  async function answer(matches: (c: ReturnCase) => boolean, by: string): Promise<StoreWebhookOutcome> {
    if (!deps.runs.listByStatus) return { kind: 'ignored', reason: 'the run store cannot list runs awaiting a return' };
    const waiting = await deps.runs.listByStatus(deps.tenant, 'awaiting_return', deps.searchLimit ?? 500);
    const runs = waiting.filter((r): r is Run & { returnCase: ReturnCase; returnWait: NonNullable<Run['returnWait']> } =>
      Boolean(r.returnCase && r.returnWait && r.returnCase.status === 'open' && matches(r.returnCase)),
    );
    if (runs.length === 0) return { kind: 'ignored', reason: 'no run awaits this return' };
    const answered: string[] = [];
    for (const run of runs) {
      try {
        await deps.workflow.sendTaskSuccess(run.returnWait.taskToken, { action: 'received', by });
        answered.push(run.runId);
      } catch (error) {
        if (!(error instanceof Error && TOKEN_GONE.has(error.name))) throw error;
      }
    }
    return answered.length > 0 ? { kind: 'recorded', runIds: answered } : { kind: 'duplicate', runIds: runs.map((r) => r.runId) };
  }

  const parse = <T>(schema: z.ZodType<T>, body: Buffer): T | null => {
    try {
      const parsed = schema.safeParse(JSON.parse(body.toString('utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };

  return {
    [RETURNS_PROCESS_TOPIC]: async ({ body }: { body: Buffer }): Promise<StoreWebhookOutcome> => {
      const ret = parse(ReturnBody, body);
      if (!ret) return { kind: 'invalid', reason: 'not a returns/process body' };
      return answer((c) => c.returnId === ret.admin_graphql_api_id, `the store (${RETURNS_PROCESS_TOPIC})`);
    },
    [RFO_DISPOSE_TOPIC]: async ({ body }: { body: Buffer }): Promise<StoreWebhookOutcome> => {
      const rfo = parse(DisposeBody, body);
      if (!rfo) return { kind: 'invalid', reason: 'not a reverse_fulfillment_orders/dispose body' };
      return answer((c) => (c.reverseFulfillmentOrderIds ?? []).includes(rfo.admin_graphql_api_id), `the store (${RFO_DISPOSE_TOPIC})`);
    },
  };
}
