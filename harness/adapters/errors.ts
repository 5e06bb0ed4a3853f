// Storage adapter errors, shared by the DynamoDB and in-memory stores. Conditional-write failures
// that are expected (a record already there, a lost race) are returned as domain outcomes instead.
import { HarnessError, type HarnessErrorOptions } from '../errors.js';

/** A record the call needs does not exist (updating a run that was never created). */
export class RecordNotFoundError extends HarnessError {
  constructor(what: string, id: string, options: HarnessErrorOptions = {}) {
    super(`${what} ${id} not found`, { ...options, context: { what, id, ...options.context } });
    this.name = 'RecordNotFoundError';
  }
}

/** A create found a record with the same id (ids are random, so this is a defect or a replay). */
export class RecordExistsError extends HarnessError {
  constructor(what: string, id: string, options: HarnessErrorOptions = {}) {
    super(`${what} ${id} already exists`, { ...options, context: { what, id, ...options.context } });
    this.name = 'RecordExistsError';
  }
}
