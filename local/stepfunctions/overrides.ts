// Builds aws-local-stepfunctions' taskResourceLocalHandlers for one execution: every Task state (by
// name) calls its in-process handler the way Step Functions would call the Lambda, and thrown errors
// become StateErrors whose name Retry/Catch match.
import type { TaskSpec } from './definition.js';
import { StateError } from './errors.js';
import type { TaskTokenRegistry } from './task-tokens.js';

/** One step's in-process stand-in for its Lambda: receives the Lambda payload, returns its result. */
export type StepHandler = (payload: Record<string, unknown>) => Promise<unknown>;
export type StepHandlers = Record<string, StepHandler>;

type JSONValue = null | boolean | number | string | JSONValue[] | { [key: string]: JSONValue };
type LocalHandler = (input: JSONValue) => Promise<JSONValue>;

/** What `$$.Task.Token` resolves to in the interpreter; each attempt replaces it with a minted token. */
export const TASK_TOKEN_PLACEHOLDER = 'local-sfn:task-token';

/** Lambda results cross a JSON boundary in AWS; do the same so handlers cannot share references. */
function asJson(value: unknown): JSONValue {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as JSONValue);
}

function asPayload(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
}

function replaceToken(value: JSONValue, token: string): JSONValue {
  if (value === TASK_TOKEN_PLACEHOLDER) return token;
  if (Array.isArray(value)) return value.map((item) => replaceToken(item, token));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceToken(item, token)]));
  }
  return value;
}

async function callHandler(handler: StepHandler, payload: unknown): Promise<JSONValue> {
  try {
    return asJson(await handler(asPayload(payload)));
  } catch (thrown) {
    throw StateError.fromHandlerFailure(thrown);
  }
}

export function buildTaskOverrides(input: {
  execution: string;
  tasks: TaskSpec[];
  handlers: StepHandlers;
  tokens: TaskTokenRegistry;
}): Record<string, LocalHandler> {
  const overrides: Record<string, LocalHandler> = {};
  for (const task of input.tasks) {
    const handler = input.handlers[task.stateName];
    if (!handler) continue; // engine.ts refuses to start without a handler for every Task
    const kinds: Record<TaskSpec['kind'], LocalHandler> = {
      invoke: async (params) => {
        const request = asPayload(params);
        return { Payload: await callHandler(handler, request.Payload ?? null), StatusCode: 200 };
      },
      lambdaArn: (params) => callHandler(handler, params),
      waitForTaskToken: async (params) => {
        const fromPayload = Number(asPayload(asPayload(params).Payload ?? null).timeoutSeconds);
        const timeoutSeconds = task.timeoutSecondsFromPayload
          ? Number.isFinite(fromPayload) && fromPayload > 0
            ? Math.ceil(fromPayload)
            : 1
          : task.timeoutSeconds;
        const { token, result } = input.tokens.open({ execution: input.execution, stateName: task.stateName, timeoutSeconds });
        const request = asPayload(replaceToken(asJson(params), token));
        try {
          // The Lambda's own return value is ignored in the callback pattern; only its failure counts.
          await callHandler(handler, request.Payload ?? null);
        } catch (error) {
          input.tokens.discard(token);
          throw error;
        }
        return asJson(await result);
      },
    };
    overrides[task.stateName] = kinds[task.kind];
  }
  return overrides;
}
