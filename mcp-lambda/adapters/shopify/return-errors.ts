// Shopify's ReturnUserErrors as the tools' typed errors: the return or order itself not found
// (not_found), a return in a state that does not allow the action, e.g. closing a closed one or
// cancelling one already processed (INVALID_STATE: conflict), anything else the arguments' fault
// (invalid). The message names every refused field.
import { ConflictError, InvalidError, NotFoundError, type ToolFailureError } from '#shared/contracts/errors.js';

export interface ReturnUserError {
  field: string[] | null;
  message: string;
  code: string | null;
}

/** The arguments that name the return or the order itself (after `input` / `returnInput`, or alone). */
const SUBJECT_FIELDS = new Set(['id', 'orderId', 'returnId']);

const namesSubject = (field: string[] | null) => {
  const path = field ?? [];
  const head = path[0] === 'input' || path[0] === 'returnInput' ? path.slice(1) : path;
  return head.length === 1 && SUBJECT_FIELDS.has(head[0]!);
};

/** The refusal as one typed error; `action` completes "Shopify refused to …". */
export function returnRefusal(action: string, errors: readonly ReturnUserError[]): ToolFailureError {
  const details = errors.map((e) => `${(e.field ?? []).join('.') || 'input'}: ${e.message}`).join('; ');
  const message = `Shopify refused to ${action}: ${details}`;
  if (errors.some((e) => e.code === 'NOT_FOUND' && namesSubject(e.field))) return new NotFoundError(message);
  if (errors.some((e) => e.code === 'INVALID_STATE')) return new ConflictError(message);
  return new InvalidError(message);
}

/** True when a refusal is about the quantities of return lines or exchange lines (maybe processed meanwhile). */
export function refusesQuantities(errors: readonly ReturnUserError[]): boolean {
  return errors.some((e) => {
    const path = e.field ?? [];
    return (path.includes('returnLineItems') || path.includes('exchangeLineItems')) && path.at(-1) === 'quantity';
  });
}
