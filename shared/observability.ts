// Lambda observability at the edge: the Powertools logger (structured JSON with the request id and
// `cold_start`), wired through middy around a Lambda entry's handler, as
// `export const handler = observed('name', async (event) => ...)` in functions/composition/lambdas/*.ts and
// mcp-lambda/index.ts; POWERTOOLS_* settings come from infra/lib/environment.ts.
// - No tracer in the code: when an execution is sampled (infra/lib/tracing.ts), Lambda itself records
//   each invocation's segment; subsegments per AWS call would put the X-Ray SDK in every bundle (about
//   110 kB, imported on every cold start), and the journal already times each tool and model call.
// - No ColdStart metric: a series per function is billed every month it has data, and cold starts
//   are in each function's log (`cold_start`, the REPORT line's Init Duration) for Logs Insights.
import middy from '@middy/core';
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context } from 'aws-lambda';

export type Observability = { logger: Logger };

/** The utilities for one function, built once per container. */
export function createObservability(serviceName: string): Observability {
  return { logger: new Logger({ serviceName }) };
}

/**
 * Wraps a Lambda entry's handler. The event and the response are never logged: they carry
 * ticket text and customer details (the run row and journal hold what is needed).
 */
export function observed<TEvent, TResult>(
  serviceName: string,
  handler: (event: TEvent) => Promise<TResult>,
  tools: Observability = createObservability(serviceName),
): (event: TEvent, context: Context) => Promise<TResult> {
  return middy<TEvent, TResult>(async (event: TEvent) => handler(event)).use(injectLambdaContext(tools.logger, { logEvent: false, resetKeys: true }));
}
