// Shopify's cost-based throttling as the adapter handles it: the store's bucket estimated from each
// answer's cost report, waits sized from the restore rate and bounded, a low bucket spent one request
// at a time, THROTTLED retried a bounded number of times and then a typed temporarily-unavailable
// failure. A fake clock whose sleep advances time: nothing here really waits.
import { describe, expect, it } from 'vitest';
import { createShopifyGraphqlClient } from '#mcp/adapters/shopify/client.js';
import { createStoreThrottle, type CostedAnswer, type QueryCost, type ThrottleOptions } from '#mcp/adapters/shopify/throttle.js';
import { TemporarilyUnavailableError } from '#shared/contracts/errors.js';

function fakeTime() {
  let t = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => t,
    sleep: async (ms: number, signal?: AbortSignal) => {
      if (signal?.aborted) throw signal.reason;
      sleeps.push(ms);
      t += ms;
    },
    advance: (ms: number) => void (t += ms),
  };
}

function throttleWith(options: ThrottleOptions = {}) {
  const time = fakeTime();
  return { time, throttle: createStoreThrottle({ now: time.now, sleep: time.sleep, ...options }) };
}

const cost = (requested: number, available: number, restoreRate = 100, maximum = 2000): QueryCost => ({
  requestedQueryCost: requested,
  actualQueryCost: requested,
  throttleStatus: { maximumAvailable: maximum, currentlyAvailable: available, restoreRate },
});
const ok = <T>(value: T, report: QueryCost): CostedAnswer<T> => ({ cost: report, throttled: null, settle: () => value });
const throttledAnswer = (report: QueryCost): CostedAnswer<never> => ({
  cost: report,
  throttled: 'Throttled',
  settle: () => {
    throw new Error('a throttled answer is never settled');
  },
});

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('the store throttle', () => {
  it('sends straight away while nothing is known of the bucket, and learns it from the cost report', async () => {
    const { time, throttle } = throttleWith();
    expect(throttle.available()).toBeUndefined();
    expect(await throttle.run('ORDER', async () => ok('order', cost(120, 1880)))).toBe('order');
    expect(time.sleeps).toEqual([]);
    expect(throttle.available()).toBe(1880);
    time.advance(500);
    expect(throttle.available()).toBe(1930); // 100 points a second restored
    time.advance(60_000);
    expect(throttle.available()).toBe(2000); // never more than the bucket holds
  });

  it('waits before a request the bucket lacks room for, for as long as the restore rate needs', async () => {
    const { time, throttle } = throttleWith();
    await throttle.run('ORDER', async () => ok('first', cost(120, 20, 100)));
    // 120 points expected (the last requested cost of this document), 20 free, 100 restored a second: 1 s.
    await throttle.run('ORDER', async () => ok('second', cost(120, 0, 100)));
    expect(time.sleeps).toEqual([1000]);
  });

  it('assumes the default cost for a document it has not seen answered', async () => {
    const { time, throttle } = throttleWith({ defaultCost: 100 });
    await throttle.run('CHEAP', async () => ok('x', cost(10, 40, 50)));
    await throttle.run('NEW', async () => ok('y', cost(100, 0, 50)));
    expect(time.sleeps).toEqual([1200]); // (100 - 40) / 50 points a second
  });

  it('never waits longer than the configured maximum before a request', async () => {
    const { time, throttle } = throttleWith({ maxWaitMs: 2000 });
    await throttle.run('BIG', async () => ok('x', cost(1000, 0, 50)));
    await throttle.run('BIG', async () => ok('y', cost(1000, 100, 50)));
    expect(time.sleeps).toEqual([2000]); // 20 s needed, 2 s allowed
  });

  it('retries a THROTTLED answer after the wait its cost report implies, then returns the data', async () => {
    const { time, throttle } = throttleWith();
    const answers = [throttledAnswer(cost(300, 150, 100)), ok('refund', cost(300, 1700, 100))];
    let sent = 0;
    expect(await throttle.run('REFUND', async () => answers[sent++]!)).toBe('refund');
    expect(sent).toBe(2);
    expect(time.sleeps).toEqual([1500]); // 150 points short at 100 a second
  });

  it('gives up after the bounded retries with the typed temporarily-unavailable error, naming the throttle', async () => {
    const { time, throttle } = throttleWith({ maxRetries: 2 });
    let sent = 0;
    const error = await failureOf(
      throttle.run('ORDER', async () => {
        sent += 1;
        return throttledAnswer(cost(100, 50, 100));
      }),
    );
    expect(error).toBeInstanceOf(TemporarilyUnavailableError);
    expect(error).toMatchObject({ category: 'temporarily_unavailable', retryAfterMs: 500, message: expect.stringMatching(/throttled.*Throttled.*3 times/) });
    expect(sent).toBe(3);
    expect(time.sleeps).toEqual([500, 500]);
  });

  it('fails at once when the bucket needs longer than the longest wait, leaving the wait to the caller', async () => {
    const { time, throttle } = throttleWith({ maxWaitMs: 2000 });
    let sent = 0;
    const error = await failureOf(throttle.run('ORDER', async () => (sent++, throttledAnswer(cost(300, 100, 50)))));
    expect(error).toMatchObject({ category: 'temporarily_unavailable', retryAfterMs: 4000 });
    expect(sent).toBe(1);
    expect(time.sleeps).toEqual([]);
  });

  it('waits a second after a THROTTLED answer that carries no cost report', async () => {
    const { time, throttle } = throttleWith();
    const answers = [throttledAnswer(undefined as unknown as QueryCost), ok('x', cost(10, 990))];
    let sent = 0;
    expect(await throttle.run('ORDER', async () => answers[sent++]!)).toBe('x');
    expect(time.sleeps).toEqual([1000]);
  });

  it('sends concurrent requests together while the bucket has room', async () => {
    const { throttle } = throttleWith();
    await throttle.run('ORDER', async () => ok('warm', cost(100, 1900)));
    let inFlight = 0;
    let most = 0;
    const send = async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight -= 1;
      return ok('x', cost(100, 1800));
    };
    await Promise.all([throttle.run('ORDER', send), throttle.run('ORDER', send), throttle.run('ORDER', send)]);
    expect(most).toBe(3);
  });

  it('serialises the requests while the bucket is low, each waiting its turn and the points it needs', async () => {
    const { time, throttle } = throttleWith();
    await throttle.run('ORDER', async () => ok('warm', cost(100, 0, 100)));
    let inFlight = 0;
    let most = 0;
    const order: string[] = [];
    const send = (name: string) => async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight -= 1;
      order.push(name);
      return ok(name, cost(100, 0, 100)); // each one spends what was restored
    };
    const results = await Promise.all([throttle.run('ORDER', send('a')), throttle.run('ORDER', send('b')), throttle.run('ORDER', send('c'))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
    expect(time.sleeps).toEqual([1000, 1000, 1000]);
  });

  it('does not wait past the caller giving up, and says the store throttled', async () => {
    const { throttle } = throttleWith();
    await throttle.run('ORDER', async () => ok('warm', cost(100, 0, 100)));
    const gone = new AbortController();
    gone.abort();
    let sent = 0;
    const error = await failureOf(throttle.run('ORDER', async () => (sent++, ok('x', cost(100, 0))), gone.signal));
    expect(error).toBeInstanceOf(TemporarilyUnavailableError);
    expect(error.message).toMatch(/throttled/);
    expect(sent).toBe(0);
  });
});

describe('the Shopify client under throttling', () => {
  const THROTTLED = {
    errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }],
    extensions: {
      cost: { requestedQueryCost: 10, actualQueryCost: null, throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 5, restoreRate: 100 } },
    },
  };
  const CREATED = {
    data: { refundCreate: { refund: { id: 'gid://shopify/Refund/1' }, userErrors: [] } },
    extensions: {
      cost: { requestedQueryCost: 10, actualQueryCost: 10, throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1990, restoreRate: 100 } },
    },
  };

  it('resends a throttled refundCreate unchanged, with its idempotency key, and returns the refund', async () => {
    const bodies: string[] = [];
    const answers = [THROTTLED, CREATED];
    const fetchFake: typeof fetch = async (_url, init) => {
      bodies.push(String(init?.body));
      return new Response(JSON.stringify(answers[bodies.length - 1]), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const time = fakeTime();
    const client = createShopifyGraphqlClient({
      shopUrl: 'https://shop.example',
      accessToken: 'shpat_x',
      fetch: fetchFake,
      throttle: { now: time.now, sleep: time.sleep },
    });
    const mutation =
      'mutation Refund($idempotencyKey: String!, $input: RefundInput!) { refundCreate(input: $input) @idempotent(key: $idempotencyKey) { refund { id } } }';
    const data = await client.request<typeof CREATED.data>(mutation, { idempotencyKey: 'run-1:refund:1', input: { orderId: 'gid://shopify/Order/1' } });
    expect(data.refundCreate.refund.id).toBe('gid://shopify/Refund/1');
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toBe(bodies[0]);
    expect(JSON.parse(bodies[1]!)).toMatchObject({ variables: { idempotencyKey: 'run-1:refund:1' } });
    expect(time.sleeps).toEqual([50]); // 5 points short at 100 a second
  });

  it('keeps a throttle mixed with another error an ordinary failure (no retry)', async () => {
    let sent = 0;
    const fetchFake: typeof fetch = async () => {
      sent += 1;
      const body = {
        errors: [...THROTTLED.errors, { message: 'Internal error', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
        extensions: THROTTLED.extensions,
      };
      return new Response(JSON.stringify(body), { status: 200 });
    };
    const time = fakeTime();
    const client = createShopifyGraphqlClient({
      shopUrl: 'https://shop.example',
      accessToken: 'shpat_x',
      fetch: fetchFake,
      throttle: { now: time.now, sleep: time.sleep },
    });
    expect(await failureOf(client.request('{ shop { name } }'))).toMatchObject({ category: 'temporarily_unavailable' });
    expect(sent).toBe(1);
  });
});
