// Shadow mode as data and pure functions: the tenant's modes per ticket class, the class of a
// proposal (reason × amount band × language), whether a person's resolution agrees with what the
// agent proposed, which independent sample a resolution counts in, and when a class may be promoted
// to auto. No I/O: the Gate step resolves the mode, functions/shadow/step records resolutions, the shadow
// API promotes; all of them decide here.
import { createHash } from 'node:crypto';
import * as z from 'zod';
import { minorDigits } from '#shared/money.js';
import { RefundReason } from '#harness/domain/types.js';
import type { Run, RunShadow, ShadowLine, ShadowResolution } from './run.js';

/** auto: today's behaviour. assist: every refund needs a person. shadow: propose only, a person acts. */
export const AgentMode = z.enum(['shadow', 'assist', 'auto']);
export type AgentMode = z.infer<typeof AgentMode>;

/** Amount bands in the order's major units: up to 50, up to 200, more. */
export const AMOUNT_BANDS = ['0-50', '50-200', '200+'] as const;
export type AmountBand = (typeof AMOUNT_BANDS)[number];
const BAND_LIMITS_MAJOR: ReadonlyArray<[AmountBand, number]> = [
  ['0-50', 50],
  ['50-200', 200],
];

/** The least agreement a class needs to be promoted to auto; a tenant may ask for more, never less. */
export const MIN_AGREEMENT = 0.98;
/** Independent samples (below) a class needs before it may be promoted, unless the tenant asks for more. */
export const DEFAULT_MIN_TICKETS = 50;
/**
 * A class's minimums. The distinct customers and orders behind its figure default from its minimum
 * samples: as many orders as samples (a sample holds at least one), and customers for at least half
 * of them, so that a few people cannot carry a class. A tenant may ask for more, never less.
 */
export function minimumsOf(config: { minTickets: number; minCustomers?: number | undefined; minOrders?: number | undefined }) {
  return {
    minTickets: config.minTickets,
    minCustomers: config.minCustomers ?? Math.ceil(config.minTickets / 2),
    minOrders: config.minOrders ?? config.minTickets,
  };
}
/**
 * Resolutions of runs from one customer whose tickets arrived in the same window (fixed 7-day windows
 * in UTC, counted from 1970-01-01) are one sample: one customer writing 50 times in a week is one
 * data point, not 50. A burst that straddles a window's edge counts at most twice.
 */
export const SAMPLE_WINDOW_DAYS = 7;

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `<reason>|<band>|<language>`, e.g. "damaged|0-50|en"; the language is the primary subtag or "und". */
export const SHADOW_CLASS_KEY = new RegExp(`^(${RefundReason.options.join('|')})\\|(${AMOUNT_BANDS.map(escapeRegex).join('|')})\\|([a-z]{2,3})$`);
export const ShadowClassKey = z.string().regex(SHADOW_CLASS_KEY, 'a class key <reason>|<0-50|50-200|200+>|<language>, e.g. damaged|0-50|en');

/** The tenant file's `mode` (infra/lib/tenant-config.ts), passed to the functions as AGENT_MODE. */
export const AgentModeConfig = z
  .object({
    default: AgentMode.default('auto'),
    /** Per class; a class not listed takes `default`. A class promoted at runtime is auto whatever this says. */
    classes: z.record(ShadowClassKey, AgentMode).default({}),
    /** Independent samples (resolved tickets, one per order and per customer and window) a class needs before it may be promoted. */
    minTickets: z.number().int().positive().default(DEFAULT_MIN_TICKETS),
    /** Share of those samples that must agree with the proposal (0.98 = 98%). */
    agreement: z.number().min(MIN_AGREEMENT).max(1).default(MIN_AGREEMENT),
    /** Distinct customers behind the samples; absent: half of minTickets, rounded up. Never less than that. */
    minCustomers: z.number().int().positive().optional(),
    /** Distinct orders behind the samples; absent: minTickets. Never less than that. */
    minOrders: z.number().int().positive().optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    const floors = minimumsOf({ minTickets: c.minTickets });
    for (const key of ['minCustomers', 'minOrders'] as const) {
      const given = c[key];
      if (given !== undefined && given < floors[key])
        ctx.addIssue({ code: 'custom', path: [key], message: `at least ${floors[key]} for minTickets ${c.minTickets}` });
    }
  });
export type AgentModeConfig = z.infer<typeof AgentModeConfig>;

export const AUTO_MODE: AgentModeConfig = AgentModeConfig.parse({});

export function amountBand(amountMinor: number, currency: string): AmountBand {
  const major = amountMinor / 10 ** minorDigits(currency);
  return BAND_LIMITS_MAJOR.find(([, limit]) => major <= limit)?.[0] ?? '200+';
}

/** "en-US" → "en", "ES" → "es"; anything else (empty, "unknown") → "und". */
export function languageOf(language: string | null | undefined): string {
  const primary = (language ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return /^[a-z]{2,3}$/.test(primary) ? primary : 'und';
}

export function classKeyOf(input: { reason: RefundReason; amountMinor: number; currency: string; language: string | null }): string {
  return `${input.reason}|${amountBand(input.amountMinor, input.currency)}|${languageOf(input.language)}`;
}

/** The mode of one class: a runtime promotion wins, then the tenant file's class, then its default. */
export function modeFor(config: AgentModeConfig, classKey: string, promoted: boolean): AgentMode {
  if (promoted) return 'auto';
  return config.classes[classKey] ?? config.default;
}

/** Whether any class could run in another mode than auto (else the gate needs no look-up). */
export const anyNonAuto = (config: AgentModeConfig): boolean => config.default !== 'auto' || Object.values(config.classes).some((mode) => mode !== 'auto');

/** Lines merged by line item, sorted: two refunds of the same units compare equal whatever their order. */
export function normalizeLines(lines: readonly ShadowLine[]): ShadowLine[] {
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.lineItemId, (units.get(line.lineItemId) ?? 0) + line.quantity);
  return [...units]
    .filter(([, quantity]) => quantity > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([lineItemId, quantity]) => ({ lineItemId, quantity }));
}

const sameLines = (a: readonly ShadowLine[], b: readonly ShadowLine[]) => JSON.stringify(normalizeLines(a)) === JSON.stringify(normalizeLines(b));

/**
 * Does what the person did agree with the proposal? A store refund agrees when the agent would have
 * refunded (auto or approval) exactly that amount on exactly those lines and quantities; the ticket
 * solved with no refund agrees when the gate refused (the agent would have refunded nothing).
 */
export function agrees(
  proposal: Pick<RunShadow, 'decision' | 'amountMinor' | 'lines'>,
  action: Pick<ShadowResolution, 'by' | 'amountMinor' | 'lines'>,
): boolean {
  if (action.by === 'helpdesk_solved') return proposal.decision === 'refuse';
  if (proposal.decision === 'refuse') return false;
  return action.amountMinor === proposal.amountMinor && sameLines(action.lines, proposal.lines);
}

/**
 * Which independent sample a run's resolution counts in: the customer (a hash of the order's customer
 * id, else an email, else the helpdesk requester: stable, and no personal data in keys or logs), the
 * order (a hash of its id; null without one) and the window its ticket arrived in. The store keeps
 * every run of one order in the window of the order's first resolution, so runs on the same order are
 * one sample whenever they arrived.
 */
export type ShadowSample = { customer: string; order: string | null; window: string };

const WINDOW_MS = SAMPLE_WINDOW_DAYS * 86_400_000;
const hashed = (tenant: string, identity: string) => createHash('sha256').update(`${tenant}\n${identity}`).digest('hex').slice(0, 24);

/** The start day (UTC) of the fixed window a time falls in, e.g. "2026-11-26". */
export function sampleWindowOf(iso: string): string {
  const start = Math.floor(Date.parse(iso) / WINDOW_MS) * WINDOW_MS;
  return new Date(start).toISOString().slice(0, 10);
}

export function sampleOf(run: Pick<Run, 'runId' | 'tenant' | 'createdAt' | 'order' | 'ticket'>): ShadowSample {
  const email = run.order?.customerEmail ?? run.ticket.requesterEmail;
  const identity = run.order?.customerId
    ? `customer:${run.order.customerId}`
    : email
      ? `email:${email.trim().toLowerCase()}`
      : run.ticket.requesterId
        ? `requester:${run.ticket.requesterId}`
        : `run:${run.runId}`;
  return {
    customer: hashed(run.tenant, identity),
    order: run.order?.orderId ? hashed(run.tenant, `order:${run.order.orderId}`) : null,
    window: sampleWindowOf(run.createdAt),
  };
}

/**
 * A class's figures. `resolved`/`agreed` count people's resolutions (one per run; one store refund
 * resolves one run). `samples` counts independent ones: all resolutions of one customer in one window,
 * or of one order, are one sample, which agrees only when every resolution in it agrees. Promotion
 * reads the samples and the distinct customers and orders behind them.
 */
export type ClassFigures = { resolved: number; agreed: number; samples: number; agreeingSamples: number; customers: number; orders: number };

export type PromotionCheck = {
  eligible: boolean;
  /** agreeingSamples / samples, or null before the first resolution. */
  agreement: number | null;
  /** Why not, in words; empty when eligible. */
  reasons: string[];
};

type PromotionConfig = Pick<AgentModeConfig, 'minTickets' | 'agreement'> & Partial<Pick<AgentModeConfig, 'minCustomers' | 'minOrders'>>;

/**
 * A class may be switched to auto only with enough independent samples, from enough distinct
 * customers and orders, and enough agreement among the samples.
 */
export function promotionCheck(figures: ClassFigures, config: PromotionConfig): PromotionCheck {
  const { minCustomers, minOrders } = minimumsOf(config);
  const agreement = figures.samples > 0 ? figures.agreeingSamples / figures.samples : null;
  const reasons: string[] = [];
  if (figures.samples < config.minTickets) {
    reasons.push(
      `${figures.samples} independent resolved ticket(s) (one per order, and per customer in ${SAMPLE_WINDOW_DAYS} days), at least ${config.minTickets} needed`,
    );
  }
  if (figures.customers < minCustomers) reasons.push(`${figures.customers} distinct customer(s), at least ${minCustomers} needed`);
  if (figures.orders < minOrders) reasons.push(`${figures.orders} distinct order(s), at least ${minOrders} needed`);
  if (agreement === null || agreement < config.agreement) {
    reasons.push(`agreement ${agreement === null ? 'unknown' : `${(agreement * 100).toFixed(1)}%`}, at least ${(config.agreement * 100).toFixed(1)}% needed`);
  }
  return { eligible: reasons.length === 0, agreement, reasons };
}

/** What recording a person's action on a shadow run did: a first resolution, one that superseded "solved with no refund", or nothing. */
export type ResolveOutcome = 'recorded' | 'superseded' | 'unchanged';

/** The port: the helpdesk says a shadow run's ticket was solved (the event's id makes a redelivery the same action). */
export type HelpdeskSolved = (run: Run, eventId: string) => Promise<ResolveOutcome>;
