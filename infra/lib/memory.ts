// Each function's Lambda memory, sized from what it was measured to use: the resident memory of its
// bundle right after import (`npm run bench:bundles`, the rss column; the AWS SDK loaded beside it as
// the runtime provides it), twice over for the work of an invocation (a run row, an order, a model's
// answer: kilobytes) and the garbage collector's room, rounded up to 32 MB, never under Lambda's
// 128 MB. Memory is what a waiting function pays for by the millisecond: most of a ticket's Lambda
// compute is a step waiting on a model or the store, which more memory (and CPU) does not shorten.
// test/unit/infra/bundles.test.ts fails when a bundle's import outgrows it.
import type { FunctionName } from './functions.js';

/** Resident MB after import, median of 5 fresh processes (Node 20, 2 cores), 2026-12-01. */
export const MEASURED_IMPORT_RSS_MB = {
  'webhook-ingest': 67,
  'store-webhook': 74,
  'run-starter': 77,
  'approval-callback': 77,
  'runs-api': 74,
  triage: 80,
  'propose-refund': 85,
  'request-approval': 79,
  refund: 78,
  // Not measured yet: the refund function's figure, whose imports these share.
  'await-return': 78,
  'process-return': 78,
  'draft-reply': 81,
  'check-reply': 86,
  escalate: 84,
  shadow: 80,
  'cancel-run': 78,
  'dead-letters': 69,
  'stalled-runs': 84,
  'shadow-api': 72,
  console: 79,
  'console-authorizer': 44,
  mcp: 69,
} as const satisfies Record<FunctionName, number>;

export const LAMBDA_MIN_MEMORY_MB = 128;
/** Room over the import's resident memory for an invocation's work. */
export const MEMORY_HEADROOM = 2;

/** The memory for a function whose import takes `rssMb`. */
export const memoryForRss = (rssMb: number): number => Math.max(LAMBDA_MIN_MEMORY_MB, Math.ceil((rssMb * MEMORY_HEADROOM) / 32) * 32);
