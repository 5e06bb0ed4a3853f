// What a run on recorded answers measures beyond pass@1: decisions against the labels (the outcome,
// the amount and the lines, wherever the escalation happened), the checks' findings on the lines of
// correct readings (false positives, per rule), and, for a corpus of wrong answers, how many wrong
// readings were caught (no automatic refund followed) per class of misreading.
import type { SandboxFixture } from '#local/sandbox/index.js';
import type { CorpusAnswers, WrongClass } from '#harness/adapters/models/recorded/index.js';
import type { GoldenTicket, WordingClass } from '../golden/schema.js';
import type { SkuLine, TicketResult } from './types.js';

export interface CorpusFigures {
  /** Runs whose outcome, amount and lines are the label's. */
  decisions: { runs: number; matching: number; rate: number | null; missed: string[] };
  /** Claimed lines of readings that equal the golden claim, and those the checks held a finding against. */
  groundingOnCorrect: {
    lines: number;
    withFinding: number;
    rate: number | null;
    byRule: Record<string, number>;
    tickets: string[];
    /** Per wording class of the everyday_wording tickets: tickets with an order-agent answer, those read as labelled, and their lines. */
    byWording: Partial<Record<WordingClass, WordingFigures>>;
  };
  /** A corpus of wrong answers: every one must be caught (no automatic refund). */
  wrongAnswers?: { runs: number; caught: number; byClass: Record<string, { runs: number; caught: number; missed: string[] }> };
}

export interface WordingFigures {
  answers: number;
  correct: number;
  lines: number;
  withFinding: number;
}

/** Rules about the whole ticket that, on a correct reading the label does not expect them for, are findings against every line. */
const TICKET_RULES = new Set(['remedy_contradicted', 'remedy_not_grounded', 'reason_not_grounded', 'refund_status_question', 'instructions_in_customer_text']);

const key = (lines: readonly SkuLine[]) => JSON.stringify([...lines].map((l) => [l.sku, l.quantity]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))));

/** The fixture's line id → sku, as the sandbox store numbers lines (`<order number><line index, two digits>`). */
function skuByLineId(fixture: SandboxFixture): Map<string, string> {
  const map = new Map<string, string>();
  for (const order of fixture.orders) {
    order.lineItems.forEach((li, i) => map.set(`gid://shopify/LineItem/${order.number}${String(i + 1).padStart(2, '0')}`, li.sku ?? li.title));
  }
  return map;
}

interface AnswerLine {
  lineItemId: string;
  quantity: number;
}

/** Is the recorded reading the golden claim: the same remedy and the same lines and quantities? */
function readsAsLabelled(ticket: GoldenTicket, answers: CorpusAnswers | undefined, skus: Map<string, string>): AnswerLine[] | null {
  const answer = answers?.order_agent?.[0] as { remedy?: string; lineItems?: AnswerLine[]; unclear?: unknown } | undefined;
  if (!answer?.lineItems || answer.remedy !== ticket.claim.remedy || answer.unclear || ticket.claim.unclear) return null;
  const read = answer.lineItems.map((l) => ({ sku: skus.get(l.lineItemId) ?? l.lineItemId, quantity: l.quantity }));
  return key(read) === key(ticket.claim.lines) ? answer.lineItems : null;
}

interface GroundingRow {
  name?: string;
  rule?: string;
  detail?: string;
}

function groundingOnCorrect(
  results: readonly TicketResult[],
  golden: ReadonlyMap<string, GoldenTicket>,
  corpus: ReadonlyMap<string, CorpusAnswers>,
  fixture: SandboxFixture,
) {
  const skus = skuByLineId(fixture);
  const figures: CorpusFigures['groundingOnCorrect'] = { lines: 0, withFinding: 0, rate: null, byRule: {}, tickets: [], byWording: {} };
  for (const t of results) {
    const ticket = golden.get(t.id);
    const read = ticket && readsAsLabelled(ticket, corpus.get(t.id), skus);
    const wording = ticket?.wording && (figures.byWording[ticket.wording] ??= { answers: 0, correct: 0, lines: 0, withFinding: 0 });
    if (wording && corpus.get(t.id)?.order_agent?.[0]) wording.answers++;
    if (!ticket || !read || read.length === 0) continue;
    if (wording) wording.correct++;
    const expected = new Set([...(ticket.label.approvalRules ?? []), ticket.label.escalation ?? '']);
    // Words to an AI are the customer's, not a misreading: the label's risk flag expects a person.
    if ((ticket.claim.riskFlags ?? []).includes('instructions_to_system')) expected.add('instructions_in_customer_text');
    // A question about an earlier refund is one: the gate names it so whenever it hands such a ticket to a person.
    if (ticket.claim.remedy === 'refund_status') expected.add('refund_status_question');
    for (const run of t.runs) {
      const rows = (run.journal ?? []) as GroundingRow[];
      const ticketRules = run.observation.gateRules.filter((r) => TICKET_RULES.has(r) && !expected.has(r));
      for (const line of read) {
        figures.lines++;
        if (wording) wording.lines++;
        const tail = line.lineItemId.split('/').at(-1) ?? '';
        const row = rows.find((r) => r.name === 'grounding' && (r.detail ?? '').startsWith(`${tail}:`));
        const rules = [...(row && row.rule !== 'claim_grounded' && !expected.has(row.rule ?? '') ? [row.rule!] : []), ...ticketRules];
        if (rules.length === 0) continue;
        figures.withFinding++;
        if (wording) wording.withFinding++;
        for (const r of rules) figures.byRule[r] = (figures.byRule[r] ?? 0) + 1;
        if (!figures.tickets.includes(t.id)) figures.tickets.push(t.id);
      }
    }
  }
  figures.rate = figures.lines > 0 ? figures.withFinding / figures.lines : null;
  return figures;
}

function decisions(results: readonly TicketResult[]): CorpusFigures['decisions'] {
  const figures: CorpusFigures['decisions'] = { runs: 0, matching: 0, rate: null, missed: [] };
  for (const t of results) {
    for (const run of t.runs) {
      figures.runs++;
      const o = run.observation;
      const same = o.outcome === t.expected.outcome && o.amountMinor === t.expected.amountMinor && key(o.lines) === key(t.expected.lines);
      if (same) figures.matching++;
      else figures.missed.push(t.id);
    }
  }
  figures.rate = figures.runs > 0 ? figures.matching / figures.runs : null;
  return figures;
}

/** A wrong reading is caught when no money moved without a person: no automatic refund, no refund at all. */
function wrongAnswers(results: readonly TicketResult[], classes: ReadonlyMap<string, WrongClass>): CorpusFigures['wrongAnswers'] {
  const figures: NonNullable<CorpusFigures['wrongAnswers']> = { runs: 0, caught: 0, byClass: {} };
  for (const t of results) {
    const cls = classes.get(t.id);
    if (!cls) continue;
    const row = (figures.byClass[cls] ??= { runs: 0, caught: 0, missed: [] });
    for (const run of t.runs) {
      const caught = run.observation.outcome !== 'auto_refund' && run.observation.refunds.length === 0;
      figures.runs++;
      row.runs++;
      if (caught) {
        figures.caught++;
        row.caught++;
      } else row.missed.push(t.id);
    }
  }
  return figures;
}

export function corpusFigures(input: {
  results: readonly TicketResult[];
  golden: readonly GoldenTicket[];
  fixture: SandboxFixture;
  corpus: ReadonlyMap<string, CorpusAnswers>;
  wrongClasses: ReadonlyMap<string, WrongClass>;
}): CorpusFigures {
  const golden = new Map(input.golden.map((t) => [t.id, t]));
  return {
    decisions: decisions(input.results),
    groundingOnCorrect: groundingOnCorrect(input.results, golden, input.corpus, input.fixture),
    ...(input.wrongClasses.size > 0 ? { wrongAnswers: wrongAnswers(input.results, input.wrongClasses) } : {}),
  };
}
