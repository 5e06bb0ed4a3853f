// The offline model provider: the four specialists as deterministic code, so the local runtime
// and tests run the whole flow with no API key. Usage is estimated (chars / 4) so cost and
// journal paths run; the price is 0.
import * as z from 'zod';
import { OrderFacts, Triage } from '../../../domain/types.js';
import { InvalidModelOutputError } from '../../../errors.js';
import { sha256Hex, canonicalJson } from '../../../hash.js';
import type { ModelProvider, ModelRequest, ModelResponse, Specialist } from '../../../ports.js';
import { proposeRefund } from './order-agent.js';
import { checkReply, writeReply, type ReplyFacts } from './reply.js';
import { estimateTokens } from './text.js';
import { triageTicket } from './triage.js';

export const OFFLINE_MODELS: Readonly<Record<Specialist, string>> = {
  triage: 'offline-triage-v1',
  order_agent: 'offline-order-agent-v1',
  reply_agent: 'offline-reply-agent-v1',
  reply_check: 'offline-reply-check-v1',
};

const TicketInput = z.object({ ticket: z.object({ subject: z.string().default(''), body: z.string().default('') }) });
/** A follow-up as text, or as the run keeps it ({ excerpt }). */
const FollowUpText = z.union([z.string(), z.object({ excerpt: z.string() }).transform((f) => f.excerpt)]);
const OrderAgentInput = z.object({
  order: OrderFacts,
  triage: Triage,
  ticket: z
    .object({ subject: z.string().default(''), body: z.string().default(''), followUps: z.array(FollowUpText).optional() })
    .default({ subject: '', body: '' }),
  /** One of several requests of the ticket: the customer's words that ask it of this order. */
  request: z.object({ words: z.string().nullable() }).passthrough().optional(),
});
const Facts = z.object({
  language: z.string().default('en'),
  orderNumber: z.string().nullable().default(null),
  outcome: z.string(),
  remedy: z.string().nullable().optional(),
  /** What the customer asked for, their first name, and an unclear reading's question (functions/shared/reply-asks.ts). */
  asked: z.string().nullable().optional(),
  firstName: z.string().nullable().optional(),
  question: z.string().optional(),
  signOff: z.string().optional(),
  /** One part of a reply covering several requests: no greeting, no sign-off (code frames the parts). */
  part: z.object({ index: z.number().int(), of: z.number().int() }).optional(),
  attachments: z.number().int().nonnegative().optional(),
  amountMinor: z.number().int().nullable().default(null),
  currency: z.string().nullable().default(null),
  reason: z.string().nullable().optional(),
  /** What the customer paid per item, shipping and duties, already formatted (functions/shared/reply.ts): present only when they add up to the refund. */
  paid: z
    .array(
      z.object({
        item: z.string(),
        paid: z.string(),
        price: z.string(),
        discount: z.string().nullable(),
        tax: z.string().nullable(),
        taxIncluded: z.boolean(),
      }),
    )
    .optional(),
  shipping: z.string().nullable().optional(),
  duties: z.string().nullable().optional(),
  /** What was refunded or comes back ("1 × Linen shirt"). */
  items: z.array(z.string()).optional(),
  /** A return's moments (functions/shared/reply.ts): its name, fee, the days to send it and how. */
  returnName: z.string().optional(),
  fee: z.string().nullable().optional(),
  sendWithinDays: z.number().int().nonnegative().optional(),
  instructions: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('label'), url: z.string() }),
      z.object({ kind: z.literal('address'), address: z.string() }),
      z.object({ kind: z.literal('missing') }),
    ])
    .optional(),
  /** An exchange: what is sent instead, and whether nothing comes back. */
  exchange: z.array(z.string()).optional(),
  shipsAtOnce: z.boolean().optional(),
  /** A question about an earlier refund answered (outcome status_answered): the refunds told and the bank-time words, as given. */
  status: z
    .object({
      refunds: z.array(
        z.object({
          date: z.string(),
          amount: z.string(),
          items: z.array(z.string()),
          paidTo: z.array(
            z.discriminatedUnion('method', [
              z.object({ method: z.literal('card'), brand: z.string().nullable(), last4: z.string().nullable() }),
              z.object({ method: z.literal('store_credit') }),
              z.object({ method: z.literal('original_payment') }),
            ]),
          ),
          pending: z.boolean(),
        }),
      ),
      bankTimes: z.string(),
    })
    .optional(),
});
/** Accepts `{draft, facts}` (as CheckReply sends) or the facts flat with `body` or `draft`. */
const CheckInput = z.union([
  z.object({ draft: z.string(), facts: Facts }),
  Facts.extend({ body: z.string() }).transform(({ body, ...facts }) => ({ draft: body, facts })),
  Facts.extend({ draft: z.string() }).transform(({ draft, ...facts }) => ({ draft, facts })),
]);

function parseInput<S extends z.ZodType>(schema: S, specialist: Specialist, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const paths = parsed.error.issues.map((i) => i.path.join('.') || '(root)').join(', ');
    throw new InvalidModelOutputError(`offline ${specialist}: input missing or malformed at ${paths}`, { context: { specialist } });
  }
  return parsed.data;
}

const SPECIALISTS: Record<Specialist, (input: unknown) => unknown> = {
  triage: (input) => triageTicket(parseInput(TicketInput, 'triage', input).ticket),
  order_agent: (input) => proposeRefund(parseInput(OrderAgentInput, 'order_agent', input)),
  reply_agent: (input) => writeReply(parseInput(Facts, 'reply_agent', input) as ReplyFacts),
  reply_check: (input) => {
    const { draft, facts } = parseInput(CheckInput, 'reply_check', input);
    return checkReply(draft, facts as ReplyFacts);
  },
};

export function createOfflineModelProvider(): ModelProvider {
  return {
    name: 'offline',
    async complete<T>(request: ModelRequest<T>): Promise<ModelResponse<T>> {
      const run = SPECIALISTS[request.specialist];
      if (!run) throw new InvalidModelOutputError(`offline provider has no specialist ${String(request.specialist)}`);
      const prompt = canonicalJson({ system: request.system, input: request.input });
      const output = run(request.input);
      return {
        output: output as T,
        model: OFFLINE_MODELS[request.specialist],
        requestId: `offline-${sha256Hex(prompt).slice(0, 16)}`,
        stopReason: 'end_turn',
        usage: {
          inputTokens: estimateTokens(prompt),
          outputTokens: estimateTokens(JSON.stringify(output)),
          cacheReadTokens: 0,
          cacheWriteTokens: 0,
        },
      };
    },
  };
}
