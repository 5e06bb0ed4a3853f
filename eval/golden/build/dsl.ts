// The compact form the golden set was written in: per ticket, the customer, their orders, the text,
// the claim a support lead reads in it and the decision its author worked out by hand. build() turns
// the specs into the committed JSON (fixture.json + tickets/<category>.json), allocating ids and
// order numbers per category; every label is the checker's (eval/checker), derived from the claim,
// the fixture and the set's policy, and the build names each ticket whose hand-worked `expect`
// disagrees with it (expect.ts).
import type { SandboxFixture } from '#local/sandbox/fixture.js';
import { deriveLabel } from '../../checker/index.js';
import { readStore } from '../../checker/store.js';
import {
  CATEGORIES,
  CATEGORY_SLUG,
  type Category,
  type GoldenPolicy,
  type GoldenTicket,
  type Helpdesk,
  type Reason,
  type Remedy,
  type RequestClaim,
  type RiskFlag,
  type WordingClass,
} from '../schema.js';
import { fixtureCatalogue } from './catalogue.js';
import { expectationProblems, type ExpectSpec } from './expect.js';
import { orderOf, type Address, type OrderSpec, type Units } from './orders.js';

export type { Address, DiscountSpec, ItemSpec, OrderSpec, PaymentSpec, ShippingSpec, Units } from './orders.js';
export type { ExpectSpec } from './expect.js';

export type Ref = 'o1' | 'o2' | 'o3' | 'o4' | 'x1' | 'x2';
export interface PersonSpec {
  name: string;
  email?: string;
  address?: Address;
}

/** One request of a ticket with several (claim.requests): its order (null: tied to none) and what is asked of it. */
export interface RequestSpec {
  order: Ref | null;
  remedy?: Remedy;
  reason: Reason;
  lines?: Units[];
  unclear?: true;
  flags?: RiskFlag[];
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
    /** An exchange for another variant, by its SKU in the catalogue; absent: the same variant. */
    exchangeFor?: string;
    /** Several requests, the first the fields above (eval/golden/build/specs/several.ts writes them). */
    requests?: RequestSpec[];
  };
  expect: ExpectSpec;
  /** The wording class of an everyday_wording ticket. */
  wording?: WordingClass;
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
  /** "<ticket id>: expected … , the checker gives …" for every hand-worked expectation the checker's label contradicts. */
  problems: string[];
}

/** A ticket before its label, with the spec its author wrote. */
type Draft = { ticket: Omit<GoldenTicket, 'label'>; spec: Spec };

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
    ...(spec.claim.exchangeFor ? { exchangeFor: { sku: spec.claim.exchangeFor } } : {}),
    ...(spec.claim.requests ? { requests: spec.claim.requests.map((r) => requestOf(r, ref)) } : {}),
  };
}

/** One request of the claim with its order ref resolved. */
function requestOf(r: RequestSpec, ref: (r: Ref) => BoundRef): RequestClaim {
  return {
    orderNumber: r.order ? ref(r.order).number : null,
    remedy: r.remedy ?? 'refund',
    reason: r.reason,
    lines: (r.lines ?? []).map(([sku, quantity]) => ({ sku, quantity })),
    ...(r.unclear ? { unclear: true as const } : {}),
    ...(r.flags ? { riskFlags: r.flags } : {}),
  };
}

/** One spec's customers, orders and helpdesk ticket added to the fixture, and its golden ticket but the label. */
function ticketOf(state: BuildState, cat: CategoryState, spec: Spec, i: number): Omit<GoldenTicket, 'label'> {
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
    ...(spec.wording ? { wording: spec.wording } : {}),
    ...(spec.note ? { note: spec.note } : {}),
  };
}

/**
 * The specs in CATEGORIES order: ids, order numbers and customers allocated per category; then each
 * ticket labelled by the checker over the whole fixture under the set's policy.
 */
export function build(specs: Partial<Record<Category, Spec[]>>, policy: GoldenPolicy): Built {
  const state: BuildState = {
    fixture: {
      shop: { name: 'Hearth & Clay Home (golden set)', currency: 'USD', timeZone: 'America/New_York' },
      catalogue: fixtureCatalogue(),
      customers: [],
      orders: [],
      helpdesk: { users: [], tickets: [] },
    },
    emails: new Set<string>(),
    addressSeq: 0,
  };
  const drafts = new Map<Category, Draft[]>();
  CATEGORIES.forEach((category, c) => {
    const cat: CategoryState = { category, c, customerSeq: 0, orderSeq: 0 };
    drafts.set(
      category,
      (specs[category] ?? []).map((spec, i) => ({ ticket: ticketOf(state, cat, spec, i), spec })),
    );
  });
  const store = readStore(structuredClone(state.fixture), 'the built fixture', policy);
  const problems: string[] = [];
  const tickets = new Map<Category, GoldenTicket[]>();
  for (const [category, list] of drafts) {
    tickets.set(
      category,
      list.map(({ ticket, spec }) => {
        const label = deriveLabel(ticket, store);
        const requests = spec.claim.requests?.map((r) => r.lines ?? []);
        problems.push(...expectationProblems(spec.expect, spec.claim.lines ?? [], label, requests).map((p) => `${ticket.id}: ${p}`));
        const { note, wording, ...rest } = ticket;
        return { ...rest, label, ...(wording === undefined ? {} : { wording }), ...(note === undefined ? {} : { note }) };
      }),
    );
  }
  return { fixture: state.fixture, tickets, problems };
}

interface BoundRef {
  number: number;
  currency: string;
  paidIn?: string;
}
