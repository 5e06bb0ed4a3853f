// Shadow mode as data and pure functions: the tenant's modes per ticket class, the class of a
// proposal (reason × amount band × language), whether a person's resolution agrees with what the
// agent proposed, and when a class may be promoted to auto. No I/O: the Gate step resolves the mode,
// functions/shadow records resolutions, the shadow API promotes; all of them decide here.
import * as z from 'zod';
import { minorDigits } from '#shared/money.js';
import { RefundReason } from '#harness/domain/types.js';
import type { RunShadow, ShadowLine, ShadowResolution } from './run.js';

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
export const DEFAULT_MIN_TICKETS = 50;

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
    /** Resolved tickets a class needs before it may be promoted. */
    minTickets: z.number().int().positive().default(DEFAULT_MIN_TICKETS),
    /** Share of those that must agree with the proposal (0.98 = 98%). */
    agreement: z.number().min(MIN_AGREEMENT).max(1).default(MIN_AGREEMENT),
  })
  .strict();
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

export type ClassFigures = { resolved: number; agreed: number };

export type PromotionCheck = {
  eligible: boolean;
  /** agreed / resolved, or null before the first resolution. */
  agreement: number | null;
  /** Why not, in words; empty when eligible. */
  reasons: string[];
};

/** A class may be switched to auto only with enough resolved tickets and enough agreement among them. */
export function promotionCheck(figures: ClassFigures, config: Pick<AgentModeConfig, 'minTickets' | 'agreement'>): PromotionCheck {
  const agreement = figures.resolved > 0 ? figures.agreed / figures.resolved : null;
  const reasons: string[] = [];
  if (figures.resolved < config.minTickets) reasons.push(`${figures.resolved} resolved ticket(s), at least ${config.minTickets} needed`);
  if (agreement === null || agreement < config.agreement) {
    reasons.push(`agreement ${agreement === null ? 'unknown' : `${(agreement * 100).toFixed(1)}%`}, at least ${(config.agreement * 100).toFixed(1)}% needed`);
  }
  return { eligible: reasons.length === 0, agreement, reasons };
}
