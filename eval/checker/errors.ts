// The checker's one error: golden data it cannot judge at all (an unknown SKU twice on an order,
// a fractional day, more units claimed than ordered). Disagreements are problems, not errors.
export class GoldenDataError extends Error {
  override readonly name = 'GoldenDataError';
  constructor(
    message: string,
    readonly ticketId?: string,
  ) {
    super(ticketId ? `${ticketId}: ${message}` : message);
  }
}
