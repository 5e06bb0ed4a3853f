// The golden checker's returns and exchanges (eval/checker/returns.ts), read as labels a one-customer
// store gives under a policy with returns on (a 5.00 fee, the 20.00 keep-it amount): a change of mind
// inside the window is a return whose refund on receipt is the units' amount less the fee; outside it,
// over the limit, with recent refunds or risk flags a lead approves; an exchange ships the same product
// in stock for no more than what comes back, a cheaper variant refunding the difference; a damaged
// item worth less than the keep-it amount is replaced at once.
import { describe, expect, it } from 'vitest';
import { deriveLabel, GoldenDataError } from '../../../eval/checker/index.js';
import { readStore } from '../../../eval/checker/store.js';
import { DEFAULT_GOLDEN_POLICY, type Claim, type GoldenPolicy } from '../../../eval/golden/schema.js';

type Order = Record<string, unknown>;

const RETURNS_ON: GoldenPolicy = { ...DEFAULT_GOLDEN_POLICY, returns: { enabled: true, feeMinor: 500, keepItBelowMinor: 2000, receiveWithinDays: 30 } };

// A shirt in three sizes (Large out of stock, Small cheaper, XL dearer), a mug and a lamp, each one product.
const CATALOGUE = [
  {
    productId: '10',
    productTitle: 'Linen shirt',
    variants: [
      { id: '101', title: 'Small', sku: 'SHIRT-S', priceMinor: 3000, available: 5 },
      { id: '102', title: 'Medium', sku: 'SHIRT-M', priceMinor: 3400, available: 5 },
      { id: '103', title: 'Large', sku: 'SHIRT-L', priceMinor: 3400, available: 0 },
      { id: '104', title: 'XL', sku: 'SHIRT-XL', priceMinor: 3800, available: 5 },
    ],
  },
  { productId: '20', productTitle: 'Stoneware mug', variants: [{ id: '201', title: 'Speckled', sku: 'MUG', priceMinor: 1800, available: 5 }] },
  { productId: '30', productTitle: 'Table lamp', variants: [{ id: '301', title: 'Sand', sku: 'LAMP', priceMinor: 2000, available: 5 }] },
  { productId: '40', productTitle: 'Wool throw', variants: [{ id: '401', title: 'Oatmeal', sku: 'THROW', priceMinor: 6900, available: 5 }] },
];
const VARIANT: Record<string, [productId: string, variantId: string]> = {
  'SHIRT-M': ['10', '102'],
  'SHIRT-L': ['10', '103'],
  MUG: ['20', '201'],
  LAMP: ['30', '301'],
  THROW: ['40', '401'],
};
const item = (sku: string, unitPriceMinor: number, quantity = 1, extra: Record<string, unknown> = {}) => ({
  title: sku,
  sku,
  quantity,
  unitPriceMinor,
  ...(VARIANT[sku] ? { productId: VARIANT[sku][0], variantId: VARIANT[sku][1] } : {}),
  ...extra,
});
const store = (order: Order, policy: GoldenPolicy = RETURNS_ON, more: Order[] = []) => ({
  ...readStore(
    {
      shop: { name: 'Test', currency: 'USD', timeZone: 'UTC' },
      customers: [{ id: '1', email: 'a@example.com', name: 'A', helpdeskUserId: 'u1' }],
      catalogue: CATALOGUE,
      orders: [
        { number: 3000, customerId: '1', createdDaysAgo: 40, fulfilledDaysAgo: 6, ...order },
        ...more.map((o, i) => ({ number: 3001 + i, customerId: '1', createdDaysAgo: 120, ...o })),
      ],
      helpdesk: { users: [{ id: 'u1', email: 'a@example.com', name: 'A' }], tickets: [] },
    },
    'test',
  ),
  policy,
});
const claim = (lines: [string, number][], over: Partial<Claim> = {}): Claim => ({
  orderNumber: 3000,
  remedy: 'refund',
  reason: 'changed_mind',
  lines: lines.map(([sku, quantity]) => ({ sku, quantity })),
  ...over,
});
const label = (s: ReturnType<typeof store>, c: Claim) => deriveLabel({ id: 't', requester: '1', claim: c }, s);
const shirts = (quantity = 1, extra: Order = {}) => ({ lineItems: [item('SHIRT-M', 3400, quantity)], ...extra });
const RETURN_OPENED = ['get_order', 'get_refund_history', 'open_return', 'post_draft'];

describe('a return', () => {
  it('is opened at once for a change of mind within the window and the limit, the fee taken from the refund on receipt', () => {
    expect(label(store(shirts()), claim([['SHIRT-M', 1]]))).toEqual({
      outcome: 'auto_refund',
      amountMinor: 2900,
      currency: 'USD',
      lines: [{ sku: 'SHIRT-M', quantity: 1 }],
      reason: 'changed_mind',
      boundOrder: 3000,
      escalation: null,
      approvalRules: [],
      trajectory: RETURN_OPENED,
      remedy: 'return',
      returnTerms: { feeMinor: 500 },
    });
  });

  it('is what a customer asking to send an item back gets, for a reason that is not damage', () => {
    expect(label(store(shirts()), claim([['SHIRT-M', 1]], { remedy: 'return', reason: 'other' }))).toMatchObject({
      outcome: 'auto_refund',
      amountMinor: 2900,
      remedy: 'return',
    });
  });

  it('takes back one of two units and refunds that one, never the shipping', () => {
    const paidShipping = shirts(2, { shippingLines: [{ title: 'Standard', priceMinor: 695 }] });
    expect(label(store(paidShipping), claim([['SHIRT-M', 1]]))).toMatchObject({
      outcome: 'auto_refund',
      amountMinor: 2900,
      lines: [{ sku: 'SHIRT-M', quantity: 1 }],
    });
  });

  it('refunds the units as paid (after discounts, with tax) less the fee', () => {
    const discounted = shirts(1, { discounts: [{ type: 'percentage', code: 'SPRING25', percentage: 25 }], taxLines: [{ title: 'NY', ratePercentage: 8.875 }] });
    // 3400 less 25% = 2550, tax half_up(2550 × 8.875%) = 226: 2776, less 500.
    expect(label(store(discounted), claim([['SHIRT-M', 1]])).amountMinor).toBe(2276);
  });

  it('refunds nothing on receipt when the units are worth less than the fee', () => {
    expect(label(store({ lineItems: [item('BULB', 400)] }), claim([['BULB', 1]]))).toMatchObject({ outcome: 'auto_refund', amountMinor: 0, remedy: 'return' });
  });

  it('counts the window in calendar days: fulfilled 30 days ago is inside it, 31 is not and needs a lead', () => {
    expect(label(store(shirts(1, { fulfilledDaysAgo: 30 })), claim([['SHIRT-M', 1]], { remedy: 'return' })).outcome).toBe('auto_refund');
    expect(label(store(shirts(1, { fulfilledDaysAgo: 31 })), claim([['SHIRT-M', 1]], { remedy: 'return' }))).toMatchObject({
      outcome: 'approval',
      approvalRules: ['fulfilled_too_long_ago'],
      remedy: 'return',
      trajectory: ['get_order', 'get_refund_history', 'post_draft'],
    });
  });

  it('leaves a change-of-mind refund outside the window a refund, for a lead to decide', () => {
    expect(label(store(shirts(1, { fulfilledDaysAgo: 31 })), claim([['SHIRT-M', 1]]))).toMatchObject({
      outcome: 'approval',
      amountMinor: 3400,
      approvalRules: ['fulfilled_too_long_ago', 'reason_not_damage_like'],
    });
    expect(label(store(shirts(1, { fulfilledDaysAgo: 31 })), claim([['SHIRT-M', 1]]))).not.toHaveProperty('remedy');
  });

  it('compares the refund on receipt with the limit: 5000 opens at once, 5001 needs a lead', () => {
    expect(label(store({ lineItems: [item('CHAIR', 5500)] }), claim([['CHAIR', 1]]))).toMatchObject({ outcome: 'auto_refund', amountMinor: 5000 });
    expect(label(store({ lineItems: [item('CHAIR', 5501)] }), claim([['CHAIR', 1]]))).toMatchObject({
      outcome: 'approval',
      amountMinor: 5001,
      approvalRules: ['amount_over_auto_limit'],
    });
  });

  it('needs a lead for a customer with 2 refunds in the last 90 days, or words addressed to the system', () => {
    const earlier = {
      lineItems: [item('MUG', 1800, 2)],
      fulfilledDaysAgo: 60,
      refunds: [10, 80].map((daysAgo) => ({ daysAgo, lineItems: [{ sku: 'MUG', quantity: 1 }] })),
    };
    expect(label(store(shirts(), RETURNS_ON, [earlier]), claim([['SHIRT-M', 1]]))).toMatchObject({
      outcome: 'approval',
      approvalRules: ['too_many_recent_refunds'],
    });
    expect(label(store(shirts()), claim([['SHIRT-M', 1]], { riskFlags: ['instructions_to_system'] }))).toMatchObject({
      outcome: 'approval',
      approvalRules: ['risk_flags'],
      remedy: 'return',
    });
  });

  it('is not asked of a damaged item: that is refunded as the policy refunds damage', () => {
    expect(label(store(shirts()), claim([['SHIRT-M', 1]], { remedy: 'return', reason: 'damaged' }))).toMatchObject({
      outcome: 'auto_refund',
      amountMinor: 3400,
    });
    expect(label(store(shirts()), claim([['SHIRT-M', 1]], { remedy: 'return', reason: 'damaged' }))).not.toHaveProperty('remedy');
  });

  it('goes to a person where the tenant has returns off, as any request that is not a refund', () => {
    const off = store(shirts(), DEFAULT_GOLDEN_POLICY);
    for (const remedy of ['return', 'exchange', 'replacement'] as const) {
      expect(label(off, claim([['SHIRT-M', 1]], { remedy })), remedy).toMatchObject({ outcome: 'escalate', escalation: 'not_refund_request' });
    }
    expect(label(off, claim([['SHIRT-M', 1]]))).toMatchObject({ outcome: 'approval', approvalRules: ['reason_not_damage_like'] });
  });
});

describe('an exchange', () => {
  const exchange = (sku: string | null, over: Partial<Claim> = {}) =>
    claim([['SHIRT-M', 1]], { remedy: 'exchange', ...(sku ? { exchangeFor: { sku } } : {}), ...over });

  it('of the same price is opened at once and refunds nothing on receipt', () => {
    expect(label(store(shirts()), exchange(null))).toMatchObject({
      outcome: 'auto_refund',
      amountMinor: 0,
      lines: [{ sku: 'SHIRT-M', quantity: 1 }],
      approvalRules: [],
      trajectory: RETURN_OPENED,
      remedy: 'exchange',
      returnTerms: { feeMinor: 0, exchange: [{ sku: 'SHIRT-M', quantity: 1 }] },
    });
  });

  it('for a cheaper variant refunds the difference on receipt', () => {
    expect(label(store(shirts()), exchange('SHIRT-S'))).toMatchObject({
      outcome: 'auto_refund',
      amountMinor: 400,
      returnTerms: { feeMinor: 0, exchange: [{ sku: 'SHIRT-S', quantity: 1 }] },
    });
  });

  it('for a variant that costs more, or one out of stock, goes to a person', () => {
    expect(label(store(shirts()), exchange('SHIRT-XL'))).toMatchObject({ outcome: 'escalate', escalation: 'exchange_costs_more', amountMinor: 0, lines: [] });
    expect(label(store(shirts()), exchange('SHIRT-L'))).toMatchObject({ outcome: 'escalate', escalation: 'exchange_out_of_stock' });
  });

  it('counts every unit asked for against the stock: six Mediums of five in stock go to a person', () => {
    expect(label(store(shirts(6)), claim([['SHIRT-M', 6]], { remedy: 'exchange' })).escalation).toBe('exchange_out_of_stock');
    // Five are in stock: no person for the stock, a lead for the value shipped (5 × 3400).
    expect(label(store(shirts(6)), claim([['SHIRT-M', 5]], { remedy: 'exchange' }))).toMatchObject({
      outcome: 'approval',
      approvalRules: ['amount_over_auto_limit'],
    });
  });

  it('sends only the same product again: another product, or a line with no variant, goes to a person', () => {
    expect(label(store(shirts()), exchange('MUG'))).toMatchObject({ outcome: 'escalate', escalation: 'exchange_other_product' });
    const noVariant = { lineItems: [{ title: 'Shirt', sku: 'SHIRT-M', quantity: 1, unitPriceMinor: 3400 }] };
    expect(label(store(noVariant), exchange(null))).toMatchObject({ outcome: 'escalate', escalation: 'exchange_unknown_variant', boundOrder: 3000 });
  });

  it('compares the value shipped again with the limit, not the difference', () => {
    const throw2 = { lineItems: [item('THROW', 6900)] };
    expect(label(store(throw2), claim([['THROW', 1]], { remedy: 'exchange' }))).toMatchObject({
      outcome: 'approval',
      amountMinor: 0,
      approvalRules: ['amount_over_auto_limit'],
      remedy: 'exchange',
    });
  });

  it('outside the window, or with words addressed to the system, needs a lead; never for its reason', () => {
    expect(label(store(shirts(1, { fulfilledDaysAgo: 31 })), exchange('SHIRT-S')).approvalRules).toEqual(['fulfilled_too_long_ago']);
    expect(label(store(shirts()), exchange('SHIRT-S', { riskFlags: ['claims_prior_approval'] })).approvalRules).toEqual(['risk_flags']);
  });

  it('is refused on an order whose units are worth other than their price, where the policy does not say what the difference is', () => {
    const discounted = shirts(1, { discounts: [{ type: 'percentage', code: 'SPRING25', percentage: 25 }] });
    expect(() => label(store(discounted), exchange('SHIRT-S'))).toThrow(GoldenDataError);
    expect(() => label(store(shirts(1, { currency: 'EUR' })), exchange('SHIRT-S'))).toThrow(/another currency/);
  });
});

describe('a replacement of a damaged, defective or wrong item', () => {
  const replace = (sku: string, reason: Claim['reason'] = 'damaged') => claim([[sku, 1]], { remedy: 'replacement', reason });

  it('worth less than the keep-it amount ships at once and nothing comes back: an $18 mug', () => {
    expect(label(store({ lineItems: [item('MUG', 1800)] }), replace('MUG'))).toMatchObject({
      outcome: 'auto_refund',
      amountMinor: 0,
      lines: [{ sku: 'MUG', quantity: 1 }],
      trajectory: RETURN_OPENED,
      remedy: 'exchange',
      returnTerms: { feeMinor: 0, exchange: [{ sku: 'MUG', quantity: 1 }], shipsAtOnce: true },
    });
  });

  it('at or above the keep-it amount ships when the old one is received: a $20 lamp', () => {
    const lamp = label(store({ lineItems: [item('LAMP', 2000)] }), replace('LAMP', 'defective'));
    expect(lamp).toMatchObject({ outcome: 'auto_refund', remedy: 'exchange', returnTerms: { feeMinor: 0, exchange: [{ sku: 'LAMP', quantity: 1 }] } });
    expect(lamp.returnTerms).not.toHaveProperty('shipsAtOnce');
  });

  it('of a swap for a change of mind, worth less than the keep-it amount, still waits for the old one', () => {
    expect(label(store({ lineItems: [item('MUG', 1800)] }), replace('MUG', 'changed_mind')).returnTerms).toEqual({
      feeMinor: 0,
      exchange: [{ sku: 'MUG', quantity: 1 }],
    });
  });

  it('of an item that never arrived goes to a person: nothing can come back', () => {
    expect(label(store({ lineItems: [item('MUG', 1800)] }), replace('MUG', 'not_received'))).toMatchObject({
      outcome: 'escalate',
      escalation: 'not_refund_request',
    });
    const exchangeMissing = claim([['MUG', 1]], { remedy: 'exchange', reason: 'not_received' });
    expect(label(store({ lineItems: [item('MUG', 1800)] }), exchangeMissing).escalation).toBe('not_refund_request');
  });
});
