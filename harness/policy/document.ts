// The refund policy as one document of data: the gate, the dispatch check, the approval email and
// the docs all read these numbers. Its version carries a hash, so any change of a number shows.
import * as z from 'zod';
import { RefundReason } from '../domain/types.js';
import { canonicalHash } from '../hash.js';

/** Returns as a tenant has them until it turns them on. */
export const RETURNS_OFF = {
  enabled: false,
  feeMinor: 0,
  windowDays: 30,
  receiveWithinDays: 30,
  keepItBelowMinor: 2000,
  damagedBackFromMinor: null,
  notifyCustomer: false,
} as const;

export const PolicyDocument = z.object({
  /** Human revision label; the effective version also carries the content hash. */
  version: z.string().min(1),
  autoRefundLimitMinor: z.number().int().nonnegative(),
  fulfilledWithinDays: z.number().int().positive(),
  damageLikeReasons: z.array(RefundReason).min(1),
  /** Auto-refund only when the customer had fewer refunds than this in the last 90 days. */
  maxRefundsIn90Days: z.number().int().nonnegative(),
  maxRefundsPerRun: z.number().int().min(1).max(1),
  /** How long an approval request stays valid. */
  approvalTtlHours: z.number().int().positive(),
  /** The store's IANA time zone: the policy's days are calendar days there. */
  timeZone: z.string().min(1).refine(validTimeZone, 'not an IANA time zone').default('UTC'),
  /** Store credit as a remedy, under the same conditions as a refund; off: a customer asking for it goes to a person. */
  storeCredit: z.boolean().default(false),
  /** The agent may propose cancelling an order of which nothing has shipped (always with a lead's approval). */
  cancelUnfulfilled: z.boolean().default(false),
  /** Units refunded for a reason other than damage or a defect go back to stock at this Shopify location; null: no restock. */
  restockLocationId: z.string().min(1).nullable().default(null),
  /**
   * When the order's shipping (and the duties of a cross-border order) is refunded with its lines:
   * `nothing_arrived` (every fulfilled line claimed as not received, in full), `whole_order` (also a
   * whole order claimed damaged, defective or wrong), or `never`.
   */
  refundShipping: z.enum(['nothing_arrived', 'whole_order', 'never']).default('nothing_arrived'),
  /** Shopify Returns (docs/policy.md "Returns and exchanges"); off: a return or an exchange goes to a person. */
  returns: z
    .object({
      enabled: z.boolean().default(false),
      /** The flat return shipping fee taken from the refund on receipt, once per return. */
      feeMinor: z.number().int().nonnegative().default(0),
      /** Calendar days from fulfilment, in the store's zone, inside which a return is opened without a lead. */
      windowDays: z.number().int().positive().default(30),
      /** Days the run waits for the parcel before the return is closed with nothing refunded. */
      receiveWithinDays: z.number().int().positive().max(365).default(30),
      /** A replacement for a damaged, defective or wrong item worth less than this ships at once, nothing coming back. */
      keepItBelowMinor: z.number().int().nonnegative().default(2000),
      /** Ask for damaged or defective items back when the refund is at or above this; null: never. */
      damagedBackFromMinor: z.number().int().nonnegative().nullable().default(null),
      /** Shopify's own return notification to the customer. */
      notifyCustomer: z.boolean().default(false),
    })
    .strict()
    .default(RETURNS_OFF),
});
export type PolicyDocument = z.infer<typeof PolicyDocument>;

/** The tenant's switches for the remedies beside a refund, as a tenant file or POLICY_REMEDIES sets them (each off when absent). */
export const PolicyRemedies = PolicyDocument.pick({ storeCredit: true, cancelUnfulfilled: true, restockLocationId: true, refundShipping: true, returns: true })
  .partial()
  .strict();

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface Policy {
  readonly document: PolicyDocument;
  /** `<document.version>+<first 12 hex of hash>`: what gate decisions and approvals record. */
  readonly version: string;
  /** SHA-256 hex of the document's canonical JSON. */
  readonly hash: string;
}

export const DEFAULT_POLICY_DOCUMENT: PolicyDocument = {
  version: 'default-2026-12',
  autoRefundLimitMinor: 5000,
  fulfilledWithinDays: 30,
  damageLikeReasons: ['damaged', 'defective', 'wrong_item', 'not_received'],
  maxRefundsIn90Days: 2,
  maxRefundsPerRun: 1,
  approvalTtlHours: 24,
  timeZone: 'UTC',
  storeCredit: false,
  cancelUnfulfilled: false,
  restockLocationId: null,
  refundShipping: 'nothing_arrived',
  returns: { ...RETURNS_OFF },
};

/** Validates a tenant's numbers over the defaults; throws a ZodError when they are invalid. */
export function createPolicy(overrides: Partial<PolicyDocument> = {}): Policy {
  const document = Object.freeze(PolicyDocument.parse({ ...DEFAULT_POLICY_DOCUMENT, ...overrides }));
  const hash = canonicalHash(document);
  return Object.freeze({ document, version: `${document.version}+${hash.slice(0, 12)}`, hash });
}

export const DEFAULT_POLICY: Policy = createPolicy();
