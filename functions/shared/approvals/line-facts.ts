// A proposed line's shipping facts as every approval surface shows them (the email's HTML and text,
// the approval page, the console's queue card and confirm page): when it shipped, then when it was
// delivered where the store said. One function, so no surface leaves a date out.
import type { LineEvidence } from './approval-view.js';

export interface LineFact {
  label: 'Shipped' | 'Delivered';
  value: string;
}

/** "Shipped: 18 Sept 2026 (5 days ago)", then "Delivered: …" unless the store said nothing of delivery. */
export function shippingFacts(line: Pick<LineEvidence, 'shipped' | 'delivered'>): LineFact[] {
  return [{ label: 'Shipped', value: line.shipped }, ...(line.delivered === null ? [] : [{ label: 'Delivered' as const, value: line.delivered }])];
}
