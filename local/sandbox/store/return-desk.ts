// The one face of the sandbox store's returns: the lifecycle (returns.ts), labels (return-delivery.ts),
// receipt (return-receipt.ts) and processing (return-process.ts) over one context, so the GraphQL
// resolvers (return-resolvers.ts) and the sandbox's receive endpoint (return-endpoint.ts) call the same
// code. Built once per store by server.ts with the events it sends.
import type { ReturnAsk } from './return-checks.js';
import type { ReturnContext, ReturnResult } from './return-context.js';
import { createReverseDelivery, type ReverseDeliveryAsk, type ReverseDeliveryResult } from './return-delivery.js';
import type { StoreOrder } from './model.js';
import type { ReturnDeclineReason, ReturnUserError, StoreReturn } from './return-model.js';
import { processReturn, type ProcessAsk } from './return-process.js';
import { applyDispositions, dispose, receiptDispositions, returnByRef, type DispositionAsk, type ReceiveAsk } from './return-receipt.js';
import { ReturnLifecycle } from './returns.js';

/** What the receive endpoint answers: the return and the dispositions made, or why nothing was received. */
export type ReceiveResult = { ok: true; ret: StoreReturn; order: StoreOrder } | { ok: false; status: 404 | 409 | 422; error: string };

export class ReturnDesk {
  private readonly lifecycle: ReturnLifecycle;

  constructor(readonly ctx: ReturnContext) {
    this.lifecycle = new ReturnLifecycle(ctx);
  }

  create = (ask: ReturnAsk): ReturnResult => this.lifecycle.create(ask);
  request = (ask: ReturnAsk): ReturnResult => this.lifecycle.request(ask);
  approve = (id: string): ReturnResult => this.lifecycle.approve(id);
  decline = (id: string, reason: ReturnDeclineReason, note: string | null): ReturnResult => this.lifecycle.decline(id, reason, note);
  cancel = (id: string): ReturnResult => this.lifecycle.cancel(id);
  close = (id: string): ReturnResult => this.lifecycle.close(id);
  reopen = (id: string): ReturnResult => this.lifecycle.reopen(id);
  reverseDelivery = (ask: ReverseDeliveryAsk): ReverseDeliveryResult => createReverseDelivery(this.ctx, ask);
  dispose = (asks: DispositionAsk[]) => dispose(this.ctx, asks);
  process = (ask: ProcessAsk): ReturnResult => processReturn(this.ctx, ask);

  /** The sandbox's receipt of a parcel: the units that came back get a disposition (RESTOCKED by default). */
  receive(ref: string, ask: ReceiveAsk): ReceiveResult {
    const found = returnByRef(this.ctx, ref);
    if (!found) return { ok: false, status: 404, error: `no return ${ref}` };
    if (found.ret.status !== 'OPEN')
      return { ok: false, status: 409, error: `return ${found.ret.name} is ${found.ret.status}, not OPEN: nothing can be received` };
    const asks = receiptDispositions(found, ask);
    if (typeof asks === 'string') return { ok: false, status: 422, error: asks };
    applyDispositions(this.ctx, asks);
    this.ctx.events.changed();
    return { ok: true, ret: found.ret, order: found.order };
  }
}

export type { ReturnUserError };
