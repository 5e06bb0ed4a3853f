// The observability wrapper every Lambda entry uses (shared/observability.ts), run as the
// Lambda runtime would call it: one structured log line carrying the request id and whether the
// container was cold (no ColdStart metric: a series per function is billed), and neither the event nor
// the response in any output.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Context } from 'aws-lambda';
import { createObservability, observed } from '#shared/observability.js';

const SECRET_TEXT = 'the mug in order 1001 arrived cracked, customer jane@example.com';

function lambdaContext(requestId: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: 'RefundAgent-acme-Gate',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:RefundAgent-acme-Gate',
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: '/aws/lambda/gate',
    logStreamName: 'stream',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

let lines: string[];
const saved = { ...process.env };

beforeEach(() => {
  lines = [];
  // Powertools' logger and the metrics emitter write on stdout; capture what CloudWatch would receive.
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  });
  // As the Lambda runtime sets it for an on-demand container.
  Object.assign(process.env, { AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand' });
});
afterEach(() => {
  vi.restoreAllMocks();
  process.env = { ...saved };
});

const json = () => lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);

describe('observed Lambda entries', () => {
  it('returns the handler result, and counts cold starts in the log only: no metric series per function', async () => {
    const tools = createObservability('refund-agent-gate');
    const handler = observed(
      'refund-agent-gate',
      async (event: { runId: string }) => {
        tools.logger.info('gated');
        return { next: 'Refund', runId: event.runId };
      },
      tools,
    );

    expect(await handler({ runId: 'run-1' }, lambdaContext('req-1'))).toEqual({ next: 'Refund', runId: 'run-1' });
    await handler({ runId: 'run-2' }, lambdaContext('req-2'));

    expect(json().filter((l) => '_aws' in l)).toEqual([]);
    expect(
      json()
        .filter((l) => l.message === 'gated')
        .map((l) => l.cold_start),
    ).toEqual([true, false]);
  });

  it('logs structured JSON carrying the request id and cold start, and never the event or the response', async () => {
    const tools = createObservability('refund-agent-triage');
    const handler = observed(
      'refund-agent-triage',
      async (event: { body: string }) => {
        tools.logger.info('triaged');
        return { summary: event.body };
      },
      tools,
    );

    await handler({ body: SECRET_TEXT }, lambdaContext('req-42'));

    const logged = json().find((l) => l.message === 'triaged');
    expect(logged).toMatchObject({ level: 'INFO', service: 'refund-agent-triage', function_request_id: 'req-42', cold_start: true });
    expect(lines.join('\n')).not.toContain('cracked');
  });

  it('lets a handler failure through unchanged, so Step Functions Retry/Catch still match its error name', async () => {
    class TemporarilyUnavailableError extends Error {
      override name = 'TemporarilyUnavailableError';
    }
    const handler = observed('refund-agent-refund', async () => {
      throw new TemporarilyUnavailableError('store busy');
    });

    await expect(handler({}, lambdaContext('req-9'))).rejects.toMatchObject({ name: 'TemporarilyUnavailableError', message: 'store busy' });
  });
});
