// What the store's webhook answers a delivery with, whichever part handles its topic: the store
// webhook itself for disputes and reversals, the shadow resolution for the store's own refunds.
// Here, below both, so the topic handlers the root plugs in answer in the webhook's terms.
export type StoreWebhookOutcome =
  | { kind: 'recorded'; runIds: string[] }
  | { kind: 'duplicate'; runIds: string[] }
  | { kind: 'ignored'; reason: string }
  | { kind: 'unauthorized'; reason: string }
  | { kind: 'invalid'; reason: string }
  | { kind: 'too_large' }
  | { kind: 'not_configured' };
