// A local fake of the Anthropic Messages API (POST /v1/messages) on 127.0.0.1, for driving the
// real SDK: it answers from a script (messages with text or tool_use blocks, answers cut at
// max_tokens, refusals, or API errors such as 529 overloaded and 429 rate limited), optionally
// after a delay, and captures every request body as sent. Used by the model tests in
// test/integration/models/.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Anthropic from '@anthropic-ai/sdk';

export interface FakeUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}

export type ScriptedReply =
  | {
      kind: 'message';
      content: Array<{ type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown }>;
      stopReason: 'end_turn' | 'tool_use' | 'max_tokens' | 'refusal';
      usage: FakeUsage;
      /** The model id the API reports; defaults to the requested one. */
      model?: string;
      /** Answer this long after the request arrived (a slow model; the client may time out first). */
      delayMs?: number;
    }
  | { kind: 'error'; status: number; type: string; message: string; headers?: Record<string, string>; delayMs?: number };

export interface CapturedRequest {
  /** The request body exactly as the SDK sent it. */
  raw: string;
  body: {
    model: string;
    max_tokens: number;
    system?: Array<{ type: 'text'; text: string; cache_control?: { type: string } }>;
    tools?: Array<{ name: string; description?: string; input_schema: unknown; cache_control?: { type: string } }>;
    messages: Array<{ role: 'user' | 'assistant'; content: Array<Record<string, unknown>> }>;
    output_config?: { format?: { type: string; schema: Record<string, unknown> } };
  };
  apiKey: string | null;
}

const DEFAULT_USAGE: FakeUsage = { input_tokens: 100, output_tokens: 20 };

/** A final answer: the JSON text of `output`. */
export const jsonReply = (output: unknown, usage: FakeUsage = DEFAULT_USAGE, model?: string): ScriptedReply => ({
  kind: 'message',
  content: [{ type: 'text', text: typeof output === 'string' ? output : JSON.stringify(output) }],
  stopReason: 'end_turn',
  usage,
  ...(model ? { model } : {}),
});

/** A turn that asks for one or more tool calls. */
export const toolUseReply = (calls: Array<{ id: string; name: string; input: unknown }>, usage: FakeUsage = DEFAULT_USAGE): ScriptedReply => ({
  kind: 'message',
  content: calls.map((c) => ({ type: 'tool_use', ...c })),
  stopReason: 'tool_use',
  usage,
});

/** An answer cut by max_tokens: the start of the JSON, as many output tokens as were allowed. */
export const cutReply = (partialText: string, usage: FakeUsage = { input_tokens: 100, output_tokens: 1024 }): ScriptedReply => ({
  kind: 'message',
  content: [{ type: 'text', text: partialText }],
  stopReason: 'max_tokens',
  usage,
});

/** The model declines: stop reason refusal, no usable answer. */
export const refusalReply = (usage: FakeUsage = DEFAULT_USAGE): ScriptedReply => ({
  kind: 'message',
  content: [{ type: 'text', text: '' }],
  stopReason: 'refusal',
  usage,
});

export const overloaded = (): ScriptedReply => ({ kind: 'error', status: 529, type: 'overloaded_error', message: 'Overloaded' });
export const rateLimited = (retryAfterSeconds?: number): ScriptedReply => ({
  kind: 'error',
  status: 429,
  type: 'rate_limit_error',
  message: 'Number of request tokens has exceeded your per-minute rate limit',
  ...(retryAfterSeconds === undefined ? {} : { headers: { 'retry-after': String(retryAfterSeconds) } }),
});
export const serverError = (): ScriptedReply => ({ kind: 'error', status: 500, type: 'api_error', message: 'Internal server error' });
export const badRequest = (): ScriptedReply => ({ kind: 'error', status: 400, type: 'invalid_request_error', message: 'bad request' });

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Answers as the API would: the scripted message, the scripted error, or a 500 when the script ran out. */
function sendReply(res: ServerResponse, reply: ScriptedReply | undefined, requestedModel: string, counter: number): void {
  const requestId = `req_fake_${String(counter).padStart(4, '0')}`;
  if (!reply) {
    res.writeHead(500, { 'content-type': 'application/json', 'request-id': requestId });
    res.end(JSON.stringify({ type: 'error', error: { type: 'api_error', message: 'the fake has no scripted reply left' } }));
    return;
  }
  if (reply.kind === 'error') {
    res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': requestId, ...reply.headers });
    res.end(JSON.stringify({ type: 'error', error: { type: reply.type, message: reply.message } }));
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json', 'request-id': requestId });
  res.end(
    JSON.stringify({
      id: `msg_fake_${counter}`,
      type: 'message',
      role: 'assistant',
      model: reply.model ?? requestedModel,
      content: reply.content,
      stop_reason: reply.stopReason,
      stop_sequence: null,
      usage: { cache_creation_input_tokens: 0, cache_read_input_tokens: 0, ...reply.usage },
    }),
  );
}

/**
 * `respond`: answers a request when the script is empty (a model stand-in for whole runs, such as
 * the evaluation through the anthropic provider); without it an empty script is a 500.
 */
export async function startFakeMessagesApi(options: { respond?: (body: CapturedRequest['body']) => Promise<ScriptedReply> | ScriptedReply } = {}) {
  const script: ScriptedReply[] = [];
  const requests: CapturedRequest[] = [];
  let counter = 0;

  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      if (req.method !== 'POST' || req.url !== '/v1/messages') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"type":"error","error":{"type":"not_found_error","message":"no route"}}');
        return;
      }
      const body = JSON.parse(raw) as CapturedRequest['body'];
      // SDK 1.x sends the key as a bearer token; older ones as x-api-key.
      const bearer = req.headers.authorization?.replace(/^Bearer\s+/i, '') ?? null;
      requests.push({ raw, body, apiKey: (req.headers['x-api-key'] as string | undefined) ?? bearer });
      counter++;
      const reply = script.shift() ?? (options.respond ? await options.respond(body) : undefined);
      if (reply?.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      // The client gave up (its timeout): nothing to answer.
      if (res.destroyed || req.socket.destroyed) return;
      sendReply(res, reply, body.model, counter);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    /** Queues replies, answered in order, one per request. */
    script(...replies: ScriptedReply[]) {
      script.push(...replies);
    },
    pending: () => script.length,
    /** A real SDK client pointed at the fake, with the SDK's own retries off. */
    client: () => new Anthropic({ apiKey: 'sk-ant-test-key', baseURL: url, maxRetries: 0, timeout: 5_000 }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakeMessagesApi = Awaited<ReturnType<typeof startFakeMessagesApi>>;
