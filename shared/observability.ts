// Lambda observability at the edge: Powertools logger (structured JSON with the request id and cold
// start), metrics (EMF, a ColdStart metric per container) and tracer (X-Ray segment per invocation),
// wired through middy around a Lambda entry's handler. Used by functions/*/index.ts and mcp-lambda/index.ts
// as `export const handler = observed('name', async (event) => ...)`. Settings come from the POWERTOOLS_*
// variables infra/lib/environment.ts sets; tests and local runs set POWERTOOLS_TRACE_ENABLED=false.
// The product's own metrics (Tenant dimension, RefundAgent namespace) are not these: harness/metrics.ts
// writes them as EMF lines when they happen. Folding the two into one emitter would change the lines
// CloudWatch receives (Powertools buffers until the invocation ends), so it is left for its own change.
import middy from '@middy/core';
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { Context } from 'aws-lambda';

export type Observability = { logger: Logger; metrics: Metrics; tracer: Tracer };

/** The three Powertools utilities for one function, built once per container. */
export function createObservability(serviceName: string): Observability {
  const logger = new Logger({ serviceName });
  const metrics = new Metrics({
    serviceName,
    // Most invocations emit no metric of their own; Powertools would warn about that on every one.
    logger: {
      trace: (message: unknown) => logger.trace(String(message)),
      debug: (message: unknown) => logger.debug(String(message)),
      info: (message: unknown) => logger.info(String(message)),
      warn: (message: unknown) => {
        if (!String(message).startsWith('No application metrics')) logger.warn(String(message));
      },
      error: (message: unknown) => logger.error(String(message)),
    },
  });
  const tracer = new Tracer({ serviceName });
  return { logger, metrics, tracer };
}

/**
 * Wraps a Lambda entry's handler. The event and the response are never logged or traced: they carry
 * ticket text and customer details (the run row and journal hold what is needed).
 */
export function observed<TEvent, TResult>(
  serviceName: string,
  handler: (event: TEvent) => Promise<TResult>,
  tools: Observability = createObservability(serviceName),
): (event: TEvent, context: Context) => Promise<TResult> {
  return middy<TEvent, TResult>(async (event: TEvent) => handler(event))
    .use(captureLambdaHandler(tools.tracer, { captureResponse: false }))
    .use(injectLambdaContext(tools.logger, { logEvent: false, resetKeys: true }))
    .use(logMetrics(tools.metrics, { captureColdStartMetric: true }));
}
