// Bounded, redacted journal text: a short summary of a result or failure, never a raw payload,
// an email address or anything shaped like a credential.
import type { ToolName } from '#shared/contracts/tools.js';
import { formatMoney } from '#shared/money.js';
import { canonicalHash } from '../hash.js';

export const MAX_DETAIL_CHARS = 200;

const REDACTIONS: ReadonlyArray<[RegExp, string]> = [
  [/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[email]'],
  [/\b(bearer|basic)\s+\S+/gi, '$1 [redacted]'],
  [/\b(token|api[_-]?key|secret|password|authorization)\b\s*[:=]\s*(?!bearer\b|basic\b)[^\s,;]+/gi, '$1=[redacted]'],
  [/\b(shpat|shpca|shpss|sk|pk|xox[abp])_[A-Za-z0-9_-]+/g, '[secret]'],
  // A provider's request and message ids (`req_…`, `msg_…`, `toolu_…`) are how a call is traced in its logs: never a credential.
  [/\b(?!(?:req|msg|toolu)_)[A-Za-z]+_(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{12,}/g, '[secret]'],
  [/\b(?!(?:req|msg|toolu)_)[A-Za-z0-9+/_=-]{32,}\b/g, '[opaque]'],
];

export function boundDetail(text: string): string {
  let out = text.replace(/\s+/g, ' ').trim();
  for (const [pattern, replacement] of REDACTIONS) out = out.replace(pattern, replacement);
  return out.length > MAX_DETAIL_CHARS ? `${out.slice(0, MAX_DETAIL_CHARS - 1)}…` : out;
}

/** Hash of arguments for the journal; never throws (a refused call may carry odd values). */
export function safeArgsHash(args: unknown): string {
  try {
    return canonicalHash(args ?? null);
  } catch {
    return 'unhashable';
  }
}

type Summary = (output: Record<string, unknown>) => string;
const get = (o: unknown, key: string): unknown => (o && typeof o === 'object' ? (o as Record<string, unknown>)[key] : undefined);
const count = (o: unknown): number => (Array.isArray(o) ? o.length : 0);
/** An amount as people read it ("$44.00"); the raw figures when they are not integer minor units and a currency. */
function moneyOf(amount: unknown): string {
  const minor = get(amount, 'amountMinor');
  const currency = get(amount, 'currency');
  if (typeof minor === 'number' && Number.isInteger(minor) && typeof currency === 'string' && /^[A-Z]{3}$/.test(currency)) {
    try {
      return formatMoney(minor, currency);
    } catch {
      // an unknown currency code: fall through to the raw figures
    }
  }
  return `${String(minor)} ${String(currency)}`;
}

/** One line per tool saying what came back, with ids and counts only. */
const SUMMARIES: Record<ToolName, Summary> = {
  get_order: (o) => {
    const order = get(o, 'order');
    return `order ${String(get(order, 'number'))}: ${count(get(order, 'lineItems'))} line items, ${count(get(order, 'refunds'))} refunds`;
  },
  get_refund_history: (o) => `${count(get(o, 'refunds'))} refunds over ${String(get(o, 'ordersSeen'))} orders`,
  find_customer_orders: (o) => {
    const n = count(get(o, 'orders'));
    return `${n} order${n === 1 ? '' : 's'} found${get(o, 'truncated') === true ? ' (truncated)' : ''}`;
  },
  preview_refund: (o) => {
    return `preview for order ${String(get(o, 'orderId'))}: ${moneyOf(get(o, 'amount'))}`;
  },
  refund_create: (o) => {
    return `refund ${String(get(o, 'refundId'))}: ${moneyOf(get(o, 'amount'))}`;
  },
  cancel_order: (o) => {
    const refund = get(o, 'refund');
    const paid = refund ? `, refund ${String(get(refund, 'id'))}: ${moneyOf(get(refund, 'amount'))}` : '';
    return `cancel of order ${String(get(o, 'orderId'))}: ${String(get(o, 'status'))}${paid}`;
  },
  post_draft: (o) => `internal note ${String(get(o, 'noteId'))} on ticket ${String(get(o, 'ticketId'))}`,
  open_return: (o) => {
    const ret = get(o, 'return');
    const fee = get(ret, 'fee');
    const exchanges = count(get(ret, 'exchangeLineItems'));
    return (
      `return ${String(get(ret, 'returnId'))} opened on order ${String(get(ret, 'orderId'))}: ${count(get(ret, 'lineItems'))} lines` +
      `${exchanges > 0 ? `, ${exchanges} exchange lines` : ''}${fee ? `, fee ${moneyOf(fee)}` : ''}`
    );
  },
  get_returns: (o) => {
    const returns = get(o, 'returns');
    const statuses = Array.isArray(returns) ? returns.map((r) => String(get(r, 'status'))).join(', ') : '';
    const n = count(returns);
    return `${n} return${n === 1 ? '' : 's'} on order ${String(get(o, 'orderId'))}${n > 0 ? ` (${statuses})` : ''}${get(o, 'truncated') === true ? ' (truncated)' : ''}`;
  },
  process_return: (o) => {
    const ret = get(o, 'return');
    const refund = get(o, 'refund');
    const paid = refund ? `refund ${String(get(refund, 'refundId'))}: ${moneyOf(get(refund, 'amount'))}` : 'no refund';
    return `return ${String(get(ret, 'returnId'))} processed, now ${String(get(ret, 'status'))}: ${paid}`;
  },
  close_return: (o) => `return ${String(get(o, 'returnId'))}: ${String(get(o, 'status'))}`,
  cancel_return: (o) => `return ${String(get(o, 'returnId'))}: ${String(get(o, 'status'))}`,
};

export function summarizeToolOutput(name: ToolName, output: unknown): string {
  return boundDetail(SUMMARIES[name]((output ?? {}) as Record<string, unknown>));
}

/** About 800 tokens of JSON: what a journal row keeps of a result. */
export const MAX_RESULT_CHARS = 3200;

/** Keys whose values are personal data or credentials: replaced by a marker, never copied. */
const SENSITIVE_KEYS = new Set(['email', 'customerEmail', 'requesterEmail', 'name', 'shippingAddress', 'body', 'token', 'idempotencyKey', 'phone', 'address1']);

function redactValue(value: unknown, key: string | null): unknown {
  if (key !== null && SENSITIVE_KEYS.has(key) && value !== null && value !== undefined) return `[redacted ${key}]`;
  if (typeof value === 'string') return boundDetailUnbounded(value);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, null));
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // Customer-written text (order notes, line-item properties) is kept out, with its size.
    if (record.untrusted === true) return `[redacted untrusted text, ${String(record.text ?? record.value ?? '').length} chars]`;
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, redactValue(v, k)]));
  }
  return value;
}

function boundDetailUnbounded(text: string): string {
  let out = text;
  for (const [pattern, replacement] of REDACTIONS) out = out.replace(pattern, replacement);
  return out;
}

/** A result as the journal keeps it: sensitive fields marked redacted, cut at ~800 tokens with a flag. */
export function boundResult(value: unknown): { result: string; truncated: boolean } {
  let text: string;
  try {
    text = JSON.stringify(redactValue(value ?? null, null)) ?? 'null';
  } catch {
    text = '"[unserializable]"';
  }
  if (text.length <= MAX_RESULT_CHARS) return { result: text, truncated: false };
  return { result: `${text.slice(0, MAX_RESULT_CHARS - 1)}…`, truncated: true };
}
