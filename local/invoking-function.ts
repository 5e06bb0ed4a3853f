// Which deployed function the local runtime is running a call for: in AWS each handler has its own
// role, so a write to the table is allowed or refused by that function's grants (infra/lib/row-access.ts).
// The runtime runs every handler inside `asFunction`, so a client middleware (the row-access test's
// recorder) can name the function behind each DynamoDB call. Steps are named by their Task state.
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<string>();

/** Runs `call` as the function `name` (a function's name, or a Task state's for the steps); nested calls rename. */
export function asFunction<A extends unknown[], R>(name: string, call: (...args: A) => R): (...args: A) => R {
  return (...args: A) => current.run(name, () => call(...args));
}

/** The function whose handler is running, or undefined outside every handler (recovery, tests' own calls). */
export const invokingFunction = (): string | undefined => current.getStore();
