// The returns side of an observation: which returns the sandbox store holds for a run (its
// `returnCase` id, or a return line's note naming the run, as open_return writes it), read from the
// store rather than from what the run says, as money is; and the terms of a return or an exchange the
// run opened or proposed (the gate's `returnTerms`), in the label's words (lines by SKU).
import type { SandboxStoreState } from '#local/sandbox/index.js';
import type { ObservedReturn, ObservedReturnTerms, RunView, SkuLine } from './types.js';

/** A return that holds units: opened at once (OPEN), or already closed. REQUESTED, DECLINED and CANCELED ones do not. */
export const isOpened = (r: Pick<ObservedReturn, 'status'>) => r.status === 'OPEN' || r.status === 'CLOSED';

/** The store's returns for a run, by their ids or by a line note that names the run. */
export function storeReturns(state: SandboxStoreState, skuOf: (lineItemId: string) => string, runId: string, ids: readonly string[]): ObservedReturn[] {
  const found: ObservedReturn[] = [];
  for (const order of state.orders) {
    for (const r of order.returns ?? []) {
      const named = ids.includes(r.id) || (runId !== '' && r.returnLineItems.some((l) => l.returnReasonNote.includes(runId)));
      if (!named) continue;
      found.push({
        returnId: r.id,
        name: r.name,
        status: r.status,
        orderNumber: order.name.replace(/^#/, ''),
        lines: r.returnLineItems.map((l) => ({ sku: skuOf(l.lineItemId), quantity: l.quantity })),
        exchange: r.exchangeLineItems.map((e) => ({ sku: state.catalogue.variants.get(e.variantId)?.sku ?? `variant:${e.variantId}`, quantity: e.quantity })),
        feeMinor: r.returnShippingFees.reduce((n, f) => n + f.amountMinor, 0),
        shippedAtOnce: r.exchangeLineItems.some((e) => e.processedQuantity > 0),
      });
    }
  }
  return found;
}

/** The ids of the returns a run says it opened (its returnCase). */
export function returnIdsOf(view: RunView | null): string[] {
  return typeof view?.returnCase?.returnId === 'string' ? [view.returnCase.returnId as string] : [];
}

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** The gate's terms of a return or an exchange (a proposal awaiting approval), lines by SKU; null when it proposed none. */
export function proposedTerms(view: RunView | null): ObservedReturnTerms | null {
  const terms: RunView | undefined = view?.gate?.returnTerms;
  if (!terms || typeof terms !== 'object') return null;
  const exchange: SkuLine[] = Array.isArray(terms.exchange)
    ? terms.exchange.map((e: RunView) => ({ sku: typeof e.sku === 'string' ? e.sku : `variant:${String(e.variantId)}`, quantity: Number(e.quantity) }))
    : [];
  return { feeMinor: numberOr(terms.feeMinor, 0), exchange, shipsAtOnce: terms.shipsAtOnce === true };
}

/** The terms of the returns a run opened, as the store holds them; shipped at once when the store shows it or the gate decided it. */
export function openedTerms(opened: readonly ObservedReturn[], view: RunView | null): ObservedReturnTerms {
  return {
    feeMinor: opened.reduce((n, r) => n + r.feeMinor, 0),
    exchange: opened.flatMap((r) => r.exchange),
    shipsAtOnce: opened.some((r) => r.shippedAtOnce) || view?.gate?.returnTerms?.shipsAtOnce === true,
  };
}

/** The return lines the gate proposed (lineItemId → SKU), for a proposal whose view has no refund line items. */
export function proposedReturnLines(view: RunView | null, skuOf: (lineItemId: string) => string): SkuLine[] {
  const lines: unknown = view?.gate?.returnTerms?.lines;
  return Array.isArray(lines) ? lines.map((l: RunView) => ({ sku: skuOf(String(l.lineItemId)), quantity: Number(l.quantity) })) : [];
}
