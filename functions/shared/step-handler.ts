// Turns a step use case into a Lambda handler: parse the Task payload with zod, call the use case.
import type { ZodType } from 'zod';
import { parseEvent } from './parse.js';

export function createStepHandler<E, R>(schema: ZodType<E>, useCase: (event: E) => Promise<R>) {
  return async (event: unknown): Promise<R> => useCase(parseEvent(schema, event, 'step payload'));
}
