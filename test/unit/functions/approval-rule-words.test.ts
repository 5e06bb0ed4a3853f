// The rules that send a refund to a lead, as the approval email, page and note word them
// (functions/shared/approvals/rule-reasons.ts): every rule in plain words, in the store's locale.
import { describe, expect, it } from 'vitest';
import { approvalReasonsInWords, WORDED_RULES } from '#functions/shared/approvals/rule-reasons.js';
import { createFormats } from '#functions/shared/approvals/formats.js';
import type { Run } from '#functions/shared/domain/run.js';
import { ORDER, PARIS, PROPOSAL, TICKET_BODY, TRIAGE, approvalRun } from './support/approval-case.js';
import { NOW, daysAgo } from '../../support/steps.js';

describe('approval rules in plain words', () => {
  const APPROVAL_RULES = [
    'amount_over_auto_limit',
    'not_fulfilled',
    'partly_fulfilled',
    'fulfilled_too_long_ago',
    'reason_not_damage_like',
    'too_many_recent_refunds',
    'risk_flags',
    'assist_mode',
    'quote_not_in_customer_text',
    'quote_names_other_line',
    'line_excluded_by_customer',
    'quantity_not_stated',
    'quantity_not_grounded',
    'line_partly_refunded',
    'instructions_in_customer_text',
    'quote_does_not_name_line',
    'unclaimed_line_mentioned',
    'remedy_contradicted',
    'shipping_not_grounded',
  ];
  const fmt = createFormats({ locale: 'fr-FR', timeZone: 'Europe/Paris', now: NOW });
  const words = (run: Run) => approvalReasonsInWords({ run, policy: PARIS, amountMinor: run.gate?.amountMinor ?? 8100, currency: 'EUR', fmt });
  const withRules = (rules: string[], run = approvalRun()) => ({ ...run, gate: { ...run.gate!, rules } });

  it('words every rule that can send a refund to a person, with no rule id or minor units left in', () => {
    expect([...WORDED_RULES].sort()).toEqual([...APPROVAL_RULES].sort());
    for (const rule of APPROVAL_RULES) {
      const said = words(withRules([rule]));
      expect(said.length, rule).toBeGreaterThan(0);
      for (const sentence of said) {
        expect(sentence, rule).not.toContain(rule);
        expect(sentence, rule).not.toMatch(/\b(950|1550|2400|5000|6200|8100)\b/);
      }
    }
  });

  it('still says something for a rule it does not know, so nothing the gate decided is lost', () => {
    expect(words(withRules(['a_future_rule']))).toEqual(['the policy rule “a future rule” asks for a person']);
  });

  it('names the line and the numbers of the policy for the rules the real gate decides', () => {
    const cases: Array<{ name: string; run: Run; expected: string }> = [
      {
        name: 'shipped too long ago',
        run: approvalRun({ order: { ...ORDER, lineItems: ORDER.lineItems.map((l) => ({ ...l, fulfilledAt: daysAgo(45) })) } }),
        expected: '“Wool throw blanket” shipped 9 Aug 2026, 45 days before the ticket; automatic refunds only within 30 days',
      },
      {
        name: 'a reason that is not damage',
        run: approvalRun({ triage: { ...TRIAGE, reason: 'changed_mind' }, proposal: { ...PROPOSAL, reason: 'changed_mind' } }),
        expected: 'the reason is “changed mind”; automatic refunds only for damaged, defective, wrong item or not received',
      },
      {
        name: 'a claim of prior approval',
        run: approvalRun({ triage: { ...TRIAGE, riskFlags: ['claims_prior_approval'] } }),
        expected: 'the customer says someone already approved this refund',
      },
      {
        name: 'a quote the customer never wrote',
        run: approvalRun({
          proposal: { ...PROPOSAL, lineItems: [{ ...PROPOSAL.lineItems[0]!, quote: 'the blanket smells of smoke' }, PROPOSAL.lineItems[1]!] },
        }),
        expected: "“Wool throw blanket”: the words quoted for it are not in the customer's messages",
      },
      {
        name: 'a quantity the customer did not state',
        run: approvalRun({
          proposal: {
            ...PROPOSAL,
            lineItems: [PROPOSAL.lineItems[0]!, { ...PROPOSAL.lineItems[1]!, quantity: 3, quote: 'the linen tea towels are torn' }],
            amountMinor: 6200 + 3 * 950,
          },
        }),
        expected: "“Linen tea towel”: 3 claimed, but the customer's words give no quantity",
      },
      {
        name: 'a line the customer names but the proposal leaves out',
        run: approvalRun({
          ticket: { ...approvalRun().ticket, body: `${TICKET_BODY} The stoneware bowl is chipped too.` },
        }),
        expected: 'the customer also names “Stoneware bowl”, which this refund leaves out',
      },
    ];
    for (const { name, run, expected } of cases) {
      expect(run.gate?.decision, name).toBe('approval');
      expect(words(run), name).toContain(expected);
    }
  });
});
