// The compact form the golden set was written in: per ticket, the customer, their orders, the text,
// the claim a support lead reads in it and the expected decision. build() turns the specs into the
// committed JSON (fixture.json + tickets/<category>.json), allocating ids and order numbers per
// category. The label's mechanical parts (trajectory, bound order, currency) are filled in here by
// a simple table; the checker derives them again on its own from docs/policy.md.
import type { SandboxFixture } from '#local/sandbox/fixture.js';
import {
  CATEGORIES,
  CATEGORY_SLUG,
  type ApprovalRule,
  type Category,
  type EscalationRule,
  type GoldenTicket,
  type Helpdesk,
  type Label,
  type Reason,
  type Remedy,
  type RiskFlag,
  type ToolName,
} from '../schema.js';
import { orderOf } from './fixture-order.js';

export type Ref = 'o1' | 'o2' | 'o3' | 'o4' | 'x1' | 'x2';
export type Units = [sku: string, quantity: number];
/**
 * `paid`: the unit price in the order's `paidIn` currency (needed on every line of such an order).
 * `duty` / `paidDuty`: the line's import duty in the order's and the `paidIn` currency; `taxable:
 * false` leaves the line out of the order's tax lines.
 */
export type ItemSpec =
  | string
  | [sku: string, quantity: number]
  | [
      sku: string,
      quantity: number,
      extra: { price?: number; paid?: number; props?: Record<string, string>; duty?: number; paidDuty?: number; taxable?: false },
    ];

/**
 * A discount as a merchant sets it up (docs/sandbox-money.md §1), named by `code` or, when automatic,
 * `title`: `pct` percent or `off` minor units (`paidOff` in the `paidIn` currency) on the whole order,
 * on the lines `on` names by SKU, or on `'shipping'`; or buy `buy` get `get` of the line `sku` (`pct`
 * off each discounted unit, default free).
 */
export type DiscountSpec = ({ code: string; title?: undefined } | { title: string; code?: undefined }) &
  (
    | { pct: number; off?: undefined; buy?: undefined; on?: string[] | 'shipping' }
    | { off: number; paidOff?: number; pct?: undefined; buy?: undefined; on?: string[] | 'shipping' }
    | { buy: number; get: number; sku: string; pct?: number; off?: undefined }
  );

/** A shipping line: `price` in the order's currency, `paid` in the `paidIn` one; `taxable` when the order's tax lines apply to it. */
export interface ShippingSpec {
  title?: string;
  price: number;
  paid?: number;
  taxable?: true;
}

/** One payment of an order (several: a gift card and a card, or captures); `paid` in the order's `paidIn` currency. */
export interface PaymentSpec {
  gateway: 'shopify_payments' | 'gift_card' | 'paypal';
  amount: number;
  paid?: number;
  kind?: 'SALE' | 'CAPTURE';
}

export interface Address {
  name?: string;
  address1: string;
  address2?: string;
  city: string;
  province?: string;
  zip?: string;
  country: string;
}

export interface OrderSpec {
  items: ItemSpec[];
  /** fulfilledDaysAgo; null = unfulfilled; default 6. */
  ful?: number | null;
  /** deliveredDaysAgo; default two days after fulfilment (none for not-received claims); null = none. */
  delivered?: number | null;
  fulfillments?: { daysAgo: number; deliveredDaysAgo?: number; lines: Units[] }[];
  created?: number;
  currency?: 'EUR';
  /** Shopify Markets: the currency the customer paid in, when not the shop's (each item gives its `paid` price). */
  paidIn?: 'EUR' | 'GBP' | 'CAD';
  payments?: PaymentSpec[];
  note?: string;
  attributes?: Record<string, string>;
  /** `shipping` / `duties`: the refund also paid back the order's shipping, or its lines' duties. */
  refunds?: { daysAgo: number; lines?: Units[]; amount?: number; shipping?: true; duties?: true }[];
  address?: Address;
  /** The money terms beyond list prices (docs/sandbox-money.md), all optional. */
  discounts?: DiscountSpec[];
  /** Tax rates in percent, e.g. `[['NY State Tax', 4], ['New York City Tax', 4.875]]`. */
  tax?: [title: string, ratePercentage: number][];
  /** Prices include tax (EU VAT); default: the shop's (excluding). */
  taxesIncluded?: boolean;
  shipping?: ShippingSpec[];
  /** A tip added at checkout, and the same in the `paidIn` currency. */
  tip?: number;
  paidTip?: number;
}

export interface PersonSpec {
  name: string;
  email?: string;
  address?: Address;
}

export interface Spec {
  hd?: Helpdesk;
  lang?: string;
  who: PersonSpec;
  orders: OrderSpec[];
  /** Another customer whose order the ticket names (x1, x2). */
  other?: PersonSpec & { orders: OrderSpec[] };
  subject: string;
  body: string;
  followUps?: string[];
  claim: {
    order: Ref | null;
    mentioned?: Ref[];
    remedy?: Remedy;
    reason: Reason;
    lines?: Units[];
    unclear?: true;
    flags?: RiskFlag[];
  };
  expect: {
    outcome: 'auto' | 'approval' | 'escalate';
    amount?: number;
    rules?: ApprovalRule[];
    esc?: EscalationRule;
    lines?: Units[];
    /** Money moved otherwise than a refund: store credit, or a cancel of the whole order. */
    remedy?: 'store_credit' | 'cancel';
    /** What the customer gets back in the `paidIn` currency of the bound order. */
    paid?: number;
  };
  note?: string;
}

const CITIES: Address[] = [
  { address1: '418 Maple Ave', city: 'Burlington', province: 'VT', zip: '05401', country: 'United States' },
  { address1: '27 Harbor St', city: 'Portland', province: 'ME', zip: '04101', country: 'United States' },
  { address1: '1190 Elm Rd', city: 'Columbus', province: 'OH', zip: '43215', country: 'United States' },
  { address1: '55 Cedar Ln', city: 'Asheville', province: 'NC', zip: '28801', country: 'United States' },
  { address1: '3021 Sunset Blvd', city: 'Austin', province: 'TX', zip: '78704', country: 'United States' },
  { address1: '9 Willow Ct', city: 'Madison', province: 'WI', zip: '53703', country: 'United States' },
  { address1: '760 Pine St', city: 'Boulder', province: 'CO', zip: '80302', country: 'United States' },
  { address1: '14 Bay Rd', city: 'Tacoma', province: 'WA', zip: '98402', country: 'United States' },
];

const EU_CITIES: Address[] = [
  { address1: 'Calle Mayor 14', city: 'Madrid', zip: '28013', country: 'Spain' },
  { address1: 'Rua Augusta 120', city: 'Lisboa', zip: '1100-053', country: 'Portugal' },
  { address1: '8 rue des Lilas', city: 'Lyon', zip: '69003', country: 'France' },
  { address1: 'Lindenstraße 22', city: 'Berlin', zip: '10969', country: 'Germany' },
  { address1: 'Via Roma 31', city: 'Torino', zip: '10121', country: 'Italy' },
  { address1: 'Keizersgracht 101', city: 'Amsterdam', zip: '1015 CJ', country: 'Netherlands' },
];

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const DOMAINS = ['example.com', 'example.org', 'example.net'];

export interface Built {
  fixture: SandboxFixture;
  tickets: Map<Category, GoldenTicket[]>;
}

/** What the build carries across categories: the fixture so far, the emails taken, the address rotation. */
interface BuildState {
  fixture: SandboxFixture;
  emails: Set<string>;
  addressSeq: number;
}

/** What one category's tickets share: its place in CATEGORIES, its customer and order counters. */
interface CategoryState {
  category: Category;
  c: number;
  customerSeq: number;
  orderSeq: number;
}

type Customer = { id: string; userId: string; address: Address & { name: string } };

/** A customer and their helpdesk user, with a unique email and an address from the rotation unless given. */
function addCustomer(state: BuildState, cat: CategoryState, p: PersonSpec, eu: boolean): Customer {
  const { c } = cat;
  cat.customerSeq += 1;
  const { customerSeq } = cat;
  const id = String(80000 + c * 100 + customerSeq);
  const userId = String(90000 + c * 100 + customerSeq);
  let email =
    p.email ??
    `${fold(p.name)
      .replace(/[^a-z ]/g, '')
      .trim()
      .split(/\s+/)
      .join('.')}@${DOMAINS[(c + customerSeq) % DOMAINS.length]}`;
  if (state.emails.has(email)) email = email.replace('@', `${customerSeq}@`);
  if (state.emails.has(email)) throw new Error(`duplicate email ${email}`);
  state.emails.add(email);
  state.fixture.customers.push({ id, email, name: p.name, helpdeskUserId: userId });
  state.fixture.helpdesk.users.push({ id: userId, email, name: p.name });
  state.addressSeq += 1;
  const address = p.address ?? (eu ? EU_CITIES[state.addressSeq % EU_CITIES.length]! : CITIES[state.addressSeq % CITIES.length]!);
  return { id, userId, address: { ...address, name: address.name ?? p.name } };
}

/** The customer's orders, numbered in the category's range and named o1…/x1… for the ticket's text. */
function addOrders(
  state: BuildState,
  cat: CategoryState,
  refs: Map<Ref, BoundRef>,
  customer: Customer,
  orders: OrderSpec[],
  prefix: 'o' | 'x',
  reason: Reason,
) {
  orders.forEach((o, k) => {
    cat.orderSeq += 1;
    const number = 2000 + cat.c * 100 + cat.orderSeq;
    refs.set(`${prefix}${k + 1}` as Ref, { number, currency: o.currency ?? 'USD', ...(o.paidIn ? { paidIn: o.paidIn } : {}) });
    state.fixture.orders.push(orderOf(o, number, customer, reason));
  });
}

/** The claim with the order refs resolved to numbers. */
function claimOf(spec: Spec, ref: (r: Ref) => BoundRef): GoldenTicket['claim'] {
  return {
    orderNumber: spec.claim.order ? ref(spec.claim.order).number : null,
    ...(spec.claim.mentioned ? { orderNumbersMentioned: spec.claim.mentioned.map((r) => ref(r).number) } : {}),
    remedy: spec.claim.remedy ?? 'refund',
    reason: spec.claim.reason,
    lines: (spec.claim.lines ?? []).map(([sku, quantity]) => ({ sku, quantity })),
    ...(spec.claim.unclear ? { unclear: true as const } : {}),
    ...(spec.claim.flags ? { riskFlags: spec.claim.flags } : {}),
  };
}

/** One spec's customers, orders and helpdesk ticket added to the fixture, and its golden ticket. */
function ticketOf(state: BuildState, cat: CategoryState, spec: Spec, i: number): GoldenTicket {
  const { category, c } = cat;
  const refs = new Map<Ref, BoundRef>();
  const eu = spec.orders.some((o) => o.currency === 'EUR') || (spec.lang ?? 'en') !== 'en';
  const me = addCustomer(state, cat, spec.who, eu);
  addOrders(state, cat, refs, me, spec.orders, 'o', spec.claim.reason);
  if (spec.other) addOrders(state, cat, refs, addCustomer(state, cat, spec.other, eu), spec.other.orders, 'x', spec.claim.reason);

  const ref = (r: Ref) => {
    const found = refs.get(r);
    if (!found) throw new Error(`${category} #${i + 1}: unknown order ref ${r}`);
    return found;
  };
  const fill = (text: string) => text.replace(/\{(o[1-4]|x[12])\}/g, (_, r: Ref) => String(ref(r).number));
  const id = `${CATEGORY_SLUG[category]}-${String(i + 1).padStart(2, '0')}`;
  const ticketId = String(60000 + c * 100 + i + 1);
  const subject = fill(spec.subject);
  state.fixture.helpdesk.tickets.push({ id: ticketId, requesterId: me.userId, subject });
  const claim = claimOf(spec, ref);
  return {
    id,
    category,
    helpdesk: spec.hd ?? ((c + i) % 2 === 0 ? 'zendesk' : 'gorgias'),
    ticketId,
    language: spec.lang ?? 'en',
    requester: me.id,
    subject,
    body: fill(spec.body),
    ...(spec.followUps ? { followUps: spec.followUps.map(fill) } : {}),
    claim,
    label: labelOf(spec, ref, category, i),
    ...(spec.note ? { note: spec.note } : {}),
  };
}

/** The specs in CATEGORIES order: ids, order numbers and customers allocated per category. */
export function build(specs: Partial<Record<Category, Spec[]>>): Built {
  const state: BuildState = {
    fixture: {
      shop: { name: 'Hearth & Clay Home (golden set)', currency: 'USD', timeZone: 'America/New_York' },
      customers: [],
      orders: [],
      helpdesk: { users: [], tickets: [] },
    },
    emails: new Set<string>(),
    addressSeq: 0,
  };
  const tickets = new Map<Category, GoldenTicket[]>();
  CATEGORIES.forEach((category, c) => {
    const cat: CategoryState = { category, c, customerSeq: 0, orderSeq: 0 };
    tickets.set(
      category,
      (specs[category] ?? []).map((spec, i) => ticketOf(state, cat, spec, i)),
    );
  });
  return { fixture: state.fixture, tickets };
}

interface BoundRef {
  number: number;
  currency: string;
  paidIn?: string;
}

const BEFORE_ANY_ORDER: EscalationRule[] = ['order_not_requesters', 'no_order_bound', 'several_orders'];

function labelOf(spec: Spec, ref: (r: Ref) => BoundRef, category: Category, i: number): Label {
  const { claim, expect } = spec;
  const where = `${category} #${i + 1}`;
  const outcome = ({ auto: 'auto_refund', approval: 'approval', escalate: 'escalate' } as const)[expect.outcome];
  const reason = claim.reason;
  if (outcome === 'escalate') {
    if (!expect.esc) throw new Error(`${where}: escalate without esc`);
    // Only remedy `other` (not about an order problem) leaves at Triage; replacement, store credit,
    // cancel and refund status are bound like a refund and refused at the Gate.
    const atTriage = expect.esc === 'not_refund_request' && claim.remedy === 'other';
    const early = atTriage || BEFORE_ANY_ORDER.includes(expect.esc);
    const trajectory: ToolName[] = atTriage
      ? ['post_draft']
      : expect.esc === 'order_not_requesters'
        ? ['get_order', 'post_draft']
        : expect.esc === 'no_order_bound'
          ? ['find_customer_orders', 'post_draft']
          : expect.esc === 'several_orders'
            ? (claim.mentioned ?? []).length > 1
              ? ['post_draft']
              : ['find_customer_orders', 'post_draft']
            : [...(claim.order ? [] : ['find_customer_orders' as const]), 'get_order', 'get_refund_history', 'post_draft'];
    const bound = early ? null : ref(claim.order ?? 'o1');
    return {
      outcome,
      amountMinor: 0,
      currency: bound?.currency ?? null,
      lines: [],
      reason,
      boundOrder: bound?.number ?? null,
      escalation: expect.esc,
      approvalRules: [],
      trajectory,
    };
  }
  if (expect.amount === undefined) throw new Error(`${where}: ${outcome} without amount`);
  const bound = ref(claim.order ?? 'o1');
  const prefix: ToolName[] = [...(claim.order ? [] : ['find_customer_orders' as const]), 'get_order', 'get_refund_history'];
  return {
    outcome,
    amountMinor: expect.amount,
    currency: bound.currency,
    lines: (expect.lines ?? claim.lines ?? []).map(([sku, quantity]) => ({ sku, quantity })),
    reason,
    boundOrder: bound.number,
    escalation: null,
    approvalRules: expect.rules ?? [],
    trajectory: [...prefix, ...(outcome === 'auto_refund' ? (['preview_refund', 'refund_create', 'post_draft'] as const) : (['post_draft'] as const))],
    ...(expect.remedy ? { remedy: expect.remedy } : {}),
    ...(expect.paid === undefined ? {} : { presentment: { amountMinor: expect.paid, currency: bound.paidIn ?? '???' } }),
  };
}
