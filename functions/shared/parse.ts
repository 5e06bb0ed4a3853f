// Parses a handler's event with its zod schema, or throws InvalidEventError with the issues.
import type { ZodType } from 'zod';
import { InvalidEventError } from './errors.js';

export function parseEvent<T>(schema: ZodType<T>, event: unknown, what: string): T {
  const parsed = schema.safeParse(event);
  if (!parsed.success) throw new InvalidEventError(`invalid ${what}`, parsed.error.issues);
  return parsed.data;
}
