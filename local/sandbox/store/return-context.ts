// What every return operation of the sandbox store shares: the store and its events (save the
// change, send a webhook), the result a return mutation answers (the return, or user errors and no
// change), finding a return by id, announcing a change, and closing a return. The lowest of the
// operation files (returns.ts, return-delivery.ts, return-receipt.ts, return-process.ts), which import
// it and not each other; return-desk.ts is their one face.
import type { StoreOrder } from './model.js';
import type { ReturnUserError, StoreReturn } from './return-model.js';
import { findReturn } from './return-units.js';
import { returnWebhook, type ReturnTopic } from './return-webhooks.js';
import type { SandboxStoreState } from './state.js';

/** What the desk tells the outside world: the state changed (save it), and a webhook to send. */
export interface ReturnEvents {
  changed(): void;
  send(topic: string, payload: Record<string, unknown>): void;
}

export type ReturnResult = { ret: StoreReturn; order: StoreOrder; userErrors: [] } | { ret: null; order: StoreOrder | null; userErrors: ReturnUserError[] };

/** What every return operation works with: the store, its clock, and the events. */
export interface ReturnContext {
  state: SandboxStoreState;
  events: ReturnEvents;
}

export const refused = (userErrors: ReturnUserError[], order: StoreOrder | null = null): ReturnResult => ({ ret: null, order, userErrors });

/** The return with this id, or the user error naming the argument that gave it. */
export function returnById(ctx: ReturnContext, id: string, field: string[]): { order: StoreOrder; ret: StoreReturn } | ReturnUserError {
  return findReturn(ctx.state.orders, (r) => r.id === id) ?? { field, message: 'Return does not exist', code: 'NOT_FOUND' };
}

/** Saves the change and sends the return's webhooks, in order. */
export function announce(ctx: ReturnContext, order: StoreOrder, ret: StoreReturn, topics: ReturnTopic[]): ReturnResult {
  ctx.events.changed();
  for (const topic of topics) ctx.events.send(topic, returnWebhook(topic, order, ret));
  return { ret, order, userErrors: [] };
}

/** CLOSED, with its reverse fulfillment orders (returnClose, or returnProcess once every line is processed). */
export function closeReturn(ret: StoreReturn, now: string): void {
  ret.status = 'CLOSED';
  ret.closedAt = now;
  for (const rfo of ret.reverseFulfillmentOrders) if (rfo.status === 'OPEN') rfo.status = 'CLOSED';
}
