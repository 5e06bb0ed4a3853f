// Shared setup of the anthropic provider tests: the fake Messages API behind the real SDK, the
// step deps over the real harness, the default ticket's triage and proposal, and readers of the
// journal rows and the output schemas the requests carry.
import { DEFAULT_MODELS } from '#functions/composition/core-deps.js';
import { toOrderFacts } from '#harness/domain/order-facts.js';
import type { JournalRow, ProposalAnswer, Triage } from '#harness/domain/types.js';
import type { Run } from '#functions/shared/domain/run.js';
import { MODEL_PRICES, priceFor } from '#harness/models/index.js';
import { makeOrder, makeRun } from '../../support/fixtures.js';
import type { FakeMessagesApi, FakeUsage } from '../../support/fake-messages-api.js';
import { setupAnthropic } from './support.js';

/** The words of the default ticket (makeRun): 'The mug in order #1001 arrived cracked.' */
export const QUOTE = 'The mug in order #1001 arrived cracked.';
export const TRIAGE: Triage = {
  intent: 'refund_request',
  confidence: 0.92,
  orderNumber: '1001',
  orderNumbersMentioned: ['1001'],
  orderQuote: QUOTE,
  language: 'en',
  reason: 'damaged',
  itemHints: ['mug'],
  riskFlags: [],
};
export const MUG_LINE = { lineItemId: 'gid://shopify/LineItem/10011', quantity: 1, quote: QUOTE, itemWords: null, countWords: null };
/** The order agent's answer as the API returns it: every field present, spans not cited null, no amount. */
export const PROPOSAL: ProposalAnswer = {
  remedy: 'refund',
  lineItems: [MUG_LINE],
  currency: 'USD',
  reason: 'damaged',
  reasonWords: null,
  remedyWords: null,
  declinedRemedyWords: [],
  exchangeWords: null,
  exclusions: [],
  unclear: null,
  evidence: ['mug matches "Stoneware mug"'],
};

/** The price table's cost of a usage, independently of the code under test. */
export function tableCost(model: string, u: FakeUsage): number {
  const p = priceFor(model, MODEL_PRICES)!;
  const perMillion =
    u.input_tokens * p.inputPerMTok +
    u.output_tokens * p.outputPerMTok +
    (u.cache_creation_input_tokens ?? 0) * p.cacheWritePerMTok +
    (u.cache_read_input_tokens ?? 0) * p.cacheReadPerMTok;
  return Math.ceil(perMillion / 1_000_000);
}

/** The part of JSON Schema these tests read. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

/** What Anthropic structured outputs accept; maxLength, maxItems, minimum and pattern are not among them. */
export const STRUCTURED_OUTPUT_KEYWORDS = new Set([
  'type',
  'enum',
  'const',
  'description',
  'title',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'allOf',
  'format',
  'minItems',
]);

export function keywordsOf(schema: JsonSchema): string[] {
  const own = Object.keys(schema);
  const nested = [...Object.values(schema.properties ?? {}), ...(schema.items ? [schema.items] : []), ...(schema.anyOf ?? [])];
  return [...own, ...nested.flatMap(keywordsOf)];
}

export function objectsOf(schema: JsonSchema): JsonSchema[] {
  const nested = [...Object.values(schema.properties ?? {}), ...(schema.items ? [schema.items] : []), ...(schema.anyOf ?? [])];
  return [...(schema.type === 'object' ? [schema] : []), ...nested.flatMap(objectsOf)];
}

const apis: FakeMessagesApi[] = [];

/** Closes the fake APIs the test's setup() started; every test file calls it in afterEach. */
export async function closeApis(): Promise<void> {
  await Promise.all(apis.splice(0).map((api) => api.close()));
}

export async function setup(options: Parameters<typeof setupAnthropic>[0] = {}) {
  const s = await setupAnthropic(options);
  apis.push(s.api);
  const deps = {
    runs: s.stores.runs,
    harness: s.harness,
    models: { ...DEFAULT_MODELS },
    approvals: s.stores.approvals,
    policy: s.harness.policy,
    clock: s.clock,
  };
  return { ...s, deps };
}

export const modelRows = async (s: { stores: { journal: { listByRun(id: string): Promise<JournalRow[]> } } }, runId = 'run-1') =>
  (await s.stores.journal.listByRun(runId)).filter((r) => r.kind === 'model');

/** A run bound to order 1001 (CheckOrder done), at the order agent. */
export function boundRun(overrides: Partial<Run> = {}): Run {
  return makeRun({ state: 'CheckOrder', triage: TRIAGE, order: toOrderFacts(makeOrder(), 0), ...overrides });
}
