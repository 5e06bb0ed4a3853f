// Shadow mode's pure rules: the class of a ticket (reason × amount band × language), the mode a
// class runs in, whether a person's resolution agrees with the proposal, and when a class may be
// promoted to auto.
import { describe, expect, it } from 'vitest';
import {
  AgentModeConfig,
  agrees,
  amountBand,
  anyNonAuto,
  classKeyOf,
  languageOf,
  modeFor,
  promotionCheck,
  ShadowClassKey,
} from '#functions/shared/domain/shadow.js';

const line = (id: string, quantity: number) => ({ lineItemId: `gid://shopify/LineItem/${id}`, quantity });

describe('class key', () => {
  it('bands amounts in the order currency major units: up to 50, up to 200, more', () => {
    // Prepare / Act / Assess in one table: minor units and currency → band.
    const cases: Array<[number, string, string]> = [
      [0, 'USD', '0-50'],
      [5000, 'USD', '0-50'],
      [5001, 'USD', '50-200'],
      [20000, 'USD', '50-200'],
      [20001, 'USD', '200+'],
      [50, 'JPY', '0-50'],
      [51, 'JPY', '50-200'],
      [201, 'JPY', '200+'],
    ];
    for (const [minor, currency, band] of cases) expect(amountBand(minor, currency), `${minor} ${currency}`).toBe(band);
  });

  it('reads the language as its primary subtag, and an unknown one as und', () => {
    expect(languageOf('en')).toBe('en');
    expect(languageOf('es-MX')).toBe('es');
    expect(languageOf('DE')).toBe('de');
    expect(languageOf('')).toBe('und');
    expect(languageOf(null)).toBe('und');
    expect(languageOf('unknown')).toBe('und');
  });

  it('is reason|band|language, and the key schema accepts exactly those', () => {
    const key = classKeyOf({ reason: 'damaged', amountMinor: 1800, currency: 'USD', language: 'en-US' });

    expect(key).toBe('damaged|0-50|en');
    expect(ShadowClassKey.safeParse(key).success).toBe(true);
    expect(ShadowClassKey.safeParse('wrong_item|200+|fr').success).toBe(true);
    expect(ShadowClassKey.safeParse('damaged|0-60|en').success).toBe(false);
    expect(ShadowClassKey.safeParse('bored|0-50|en').success).toBe(false);
  });
});

describe('mode of a class', () => {
  it('takes the class from the tenant file, else its default; a runtime promotion makes it auto', () => {
    const config = AgentModeConfig.parse({ default: 'shadow', classes: { 'damaged|200+|en': 'assist', 'other|0-50|en': 'auto' } });

    expect(modeFor(config, 'damaged|0-50|en', false)).toBe('shadow');
    expect(modeFor(config, 'damaged|200+|en', false)).toBe('assist');
    expect(modeFor(config, 'other|0-50|en', false)).toBe('auto');
    expect(modeFor(config, 'damaged|0-50|en', true)).toBe('auto');
    expect(modeFor(config, 'damaged|200+|en', true)).toBe('auto');
  });

  it('defaults to auto everywhere, 50 tickets and 98%, and refuses a threshold under 98%', () => {
    const config = AgentModeConfig.parse({});

    expect(config).toEqual({ default: 'auto', classes: {}, minTickets: 50, agreement: 0.98 });
    expect(anyNonAuto(config)).toBe(false);
    expect(anyNonAuto(AgentModeConfig.parse({ classes: { 'damaged|0-50|en': 'shadow' } }))).toBe(true);
    expect(AgentModeConfig.safeParse({ agreement: 0.9 }).success).toBe(false);
    expect(AgentModeConfig.safeParse({ agreement: 0.99 }).success).toBe(true);
    expect(AgentModeConfig.safeParse({ classes: { 'damaged|cheap|en': 'shadow' } }).success).toBe(false);
    expect(AgentModeConfig.safeParse({ minTickets: 0 }).success).toBe(false);
  });
});

describe('agreement', () => {
  const proposal = { decision: 'auto' as const, amountMinor: 3000, lines: [line('1', 1), line('2', 2)] };

  it('agrees when the person refunds the same amount on the same lines and quantities, in any order', () => {
    expect(agrees(proposal, { by: 'store_refund', amountMinor: 3000, lines: [line('2', 1), line('1', 1), line('2', 1)] })).toBe(true);
    expect(agrees({ ...proposal, decision: 'approval' }, { by: 'store_refund', amountMinor: 3000, lines: [line('1', 1), line('2', 2)] })).toBe(true);
  });

  it('disagrees on another amount, another line or another quantity', () => {
    expect(agrees(proposal, { by: 'store_refund', amountMinor: 2999, lines: proposal.lines })).toBe(false);
    expect(agrees(proposal, { by: 'store_refund', amountMinor: 3000, lines: [line('1', 1), line('3', 2)] })).toBe(false);
    expect(agrees(proposal, { by: 'store_refund', amountMinor: 3000, lines: [line('1', 1), line('2', 1)] })).toBe(false);
    expect(agrees(proposal, { by: 'store_refund', amountMinor: 3000, lines: [] })).toBe(false);
  });

  it('a ticket solved with no refund agrees only with a refusal, and any refund disagrees with one', () => {
    const refused = { decision: 'refuse' as const, amountMinor: 0, lines: [] };

    expect(agrees(refused, { by: 'helpdesk_solved', amountMinor: 0, lines: [] })).toBe(true);
    expect(agrees(proposal, { by: 'helpdesk_solved', amountMinor: 0, lines: [] })).toBe(false);
    expect(agrees(refused, { by: 'store_refund', amountMinor: 0, lines: [] })).toBe(false);
  });
});

describe('promotion', () => {
  const config = { minTickets: 50, agreement: 0.98 };

  it('is allowed at 49 of 50 (98%) and not at 48 of 50, nor under the minimum tickets', () => {
    expect(promotionCheck({ resolved: 50, agreed: 49 }, config)).toEqual({ eligible: true, agreement: 0.98, reasons: [] });
    expect(promotionCheck({ resolved: 50, agreed: 48 }, config)).toMatchObject({ eligible: false, agreement: 0.96 });
    expect(promotionCheck({ resolved: 49, agreed: 49 }, config)).toMatchObject({
      eligible: false,
      agreement: 1,
      reasons: ['49 resolved ticket(s), at least 50 needed'],
    });
    expect(promotionCheck({ resolved: 100, agreed: 98 }, config).eligible).toBe(true);
  });

  it('is not allowed before any resolution, whatever the minimum', () => {
    expect(promotionCheck({ resolved: 0, agreed: 0 }, { minTickets: 1, agreement: 0.98 })).toMatchObject({ eligible: false, agreement: null });
  });
});
