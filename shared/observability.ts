// Lambda observability at the edge: Powertools logger (structured JSON with the request id and cold
// start) and tracer (X-Ray segment per invocation), and a ColdStart count per container written through
// the one metrics emitter (shared/metrics.ts, the same EMF lines as the product's metrics), wired
// through middy around a Lambda entry's handler. Used by functions/*/index.ts and mcp-lambda/index.ts
// as `export const handler = observed('name', async (event) => ...)`. Settings come from the POWERTOOLS_*
// variables infra/lib/environment.ts sets; tests and local runs set POWERTOOLS_TRACE_ENABLED=false.
import middy from '@middy/core';
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { Context } from 'aws-lambda';
import { systemClock } from './clock.js';
import { createMetricsEmitter, stdoutSink, type MetricsEmitter } from './metrics.js';

export type Observability = { logger: Logger; tracer: Tracer; metrics: MetricsEmitter; coldStart: { counted: boolean } };

export const COLD_START_METRIC = 'ColdStart';

/**
 * The utilities for one function, built once per container. `initializationType` is Lambda's
 * AWS_LAMBDA_INITIALIZATION_TYPE: only an on-demand container's first invocation is a cold start
 * (a provisioned or SnapStart one was initialised before any request waited on it).
 */
export function createObservability(serviceName: string, options: { metrics?: MetricsEmitter; initializationType?: string | undefined } = {}): Observability {
  const initializationType = 'initializationType' in options ? options.initializationType : process.env.AWS_LAMBDA_INITIALIZATION_TYPE;
  return {
    logger: new Logger({ serviceName }),
    tracer: new Tracer({ serviceName }),
    metrics: options.metrics ?? createMetricsEmitter({ sink: stdoutSink, clock: systemClock }),
    // Counted already when the container is not an on-demand one.
    coldStart: { counted: initializationType?.trim() !== 'on-demand' },
  };
}

/**
 * One ColdStart point on the container's first invocation, before the handler runs, with the
 * dimensions Powertools Metrics gave it (service, function_name), so the series stay the same.
 */
function coldStartMetric(serviceName: string, tools: Observability): middy.MiddlewareObj<unknown, unknown, Error, Context> {
  return {
    before: (request) => {
      if (tools.coldStart.counted) return;
      tools.coldStart.counted = true;
      const functionName = request.context.functionName?.trim();
      tools.metrics.emit({
        name: COLD_START_METRIC,
        value: 1,
        unit: 'Count',
        dimensions: { service: serviceName, ...(functionName ? { function_name: functionName } : {}) },
      });
    },
  };
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
    .use(coldStartMetric(serviceName, tools) as middy.MiddlewareObj<TEvent, TResult, Error, Context>);
}
