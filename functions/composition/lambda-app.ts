// The Lambda composition root's base: the environment with the function's secrets merged over it and
// parsed once per container (LambdaConfig), the clock and ids, and the handler each entry composes
// from it. Each entry (functions/composition/lambdas/<name>.ts) builds only the parts its use case needs from the
// modules in functions/composition/lambda/ (the table, the tools, the harness, the queues, the models), so
// a bundle carries only what its function uses: no model provider (Anthropic SDK) outside the model
// steps, no MCP client where no tool is called. The local runtime composes the whole app (app.ts).
import { randomIds, systemClock } from '#shared/clock.js';
import type { Clock, IdGenerator } from '#harness/ports.js';
import { LambdaConfig } from './lambda-config.js';
import { environmentWithSecrets } from '../shared/aws/secret-env.js';

/** What every entry's composition starts from: read once per container, on the first event. */
export interface LambdaBase {
  /** The environment with the secrets' fields merged over it (the model settings are read from it). */
  env: Record<string, string | undefined>;
  config: LambdaConfig;
  clock: Clock;
  ids: IdGenerator;
  log: (msg: string, data: object) => void;
}

/**
 * A Lambda handler whose dependencies are built on its first event (configuration is read then, not
 * at import) and kept for the container; a failed build (a secret unreadable) is retried on the next event.
 */
export function composedHandler<E, R>(compose: (base: LambdaBase) => Promise<(event: E) => Promise<R>> | ((event: E) => Promise<R>)) {
  let built: Promise<(event: E) => Promise<R>> | null = null;
  const handler = () =>
    (built ??= lambdaBase()
      .then(compose)
      .catch((error: unknown) => {
        built = null;
        throw error;
      }));
  return async (event: E): Promise<R> => (await handler())(event);
}

let base: Promise<LambdaBase> | null = null;

/** The configuration for this container, read on first use; a failed read is retried on the next event. */
export function lambdaBase(): Promise<LambdaBase> {
  base ??= readBase().catch((error: unknown) => {
    base = null;
    throw error;
  });
  return base;
}

async function readBase(): Promise<LambdaBase> {
  const env = await environmentWithSecrets(process.env);
  return {
    env,
    config: LambdaConfig.parse(env),
    clock: systemClock,
    ids: randomIds,
    log: (msg, data) => console.log(JSON.stringify({ msg, ...data })),
  };
}

/**
 * One part of the composition per container: built on first use from the base, then kept. A part
 * module (functions/composition/lambda/*.ts) holds its own, so only the entries that import it build it.
 */
export function part<T>(make: (base: LambdaBase) => T): (base: LambdaBase) => T {
  const built = new WeakMap<LambdaBase, T>();
  return (b) => {
    if (!built.has(b)) built.set(b, make(b));
    return built.get(b)!;
  };
}
