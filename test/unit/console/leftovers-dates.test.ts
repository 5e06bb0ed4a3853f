// Every date a console row prints reads in the console's one format (formats().date, in the store's
// locale): a day written into a sentence before the page was drawn ("16 Nov 2026" in a gate's reason,
// "until 2026-12-16" in a return's event) is worded again, keeping its day. And the runs list says
// where a run stands in words ("Request approval"), never as the step's name.
import { describe, expect, it } from 'vitest';
import { daysInWords, renderIn } from '#functions/console/app/views/layout.js';
import { runsContent, type RunRow } from '#functions/console/app/views/runs.js';
import { returnCaseSection } from '#functions/console/app/views/returns-queue.js';
import { createFormats } from '#functions/shared/approvals/formats.js';
import type { ReturnCase } from '#functions/shared/domain/run.js';
import { makeRun } from '../../support/fixtures.js';

const US = createFormats({ locale: 'en-US', timeZone: 'America/New_York', now: new Date('2026-12-01T12:00:00Z') });
const GB = createFormats({ locale: 'en-GB', timeZone: 'Pacific/Kiritimati', now: new Date('2026-12-01T12:00:00Z') });

const row = (over: Partial<RunRow>): RunRow => ({
  runId: 'run-1',
  customer: { name: 'Ana Souza', email: 'ana@example.com' },
  status: 'escalated',
  state: 'Escalate',
  ticketId: '8201',
  orderNumber: '1001',
  refundMinor: null,
  currency: null,
  approval: null,
  escalation: null,
  costMicros: 0,
  createdAt: '2026-12-01T10:00:00.000Z',
  ...over,
});

const list = (rows: RunRow[]) => runsContent({ filter: { page: 1 }, rows, hasNext: false, matched: rows.length, window: 500, problems: [] });

describe('days in stored sentences', () => {
  it("words a gate's day and an ISO day as the store's locale words a date, keeping the day whatever the zone", () => {
    const text = 'refunds on this order: 16 Nov 2026 ($18.00); the parcel given 7 more days (until 2026-12-16)';
    expect(renderIn(US, () => daysInWords(text))).toBe('refunds on this order: Nov 16, 2026 ($18.00); the parcel given 7 more days (until Dec 16, 2026)');
    expect(renderIn(GB, () => daysInWords(text))).toBe('refunds on this order: 16 Nov 2026 ($18.00); the parcel given 7 more days (until 16 Dec 2026)');
    expect(renderIn(US, () => US.date('2026-11-16T12:00:00Z'))).toBe('Nov 16, 2026');
  });

  it('leaves times, ids and numbers that are no day alone', () => {
    const text = 'run-2026-11-16T10:00:00Z order #1001, 12 items, 30 Foo 2026';
    expect(renderIn(US, () => daysInWords(text))).toBe(text);
  });

  it("prints an escalation's day on the runs list in the console's date format", () => {
    const html = renderIn(US, () => list([row({ escalation: 'the customer asks about an earlier refund; refunds on this order: 16 Nov 2026 ($18.00)' })]));
    expect(html).toContain('Nov 16, 2026 ($18.00)');
    expect(html).not.toContain('16 Nov 2026');
  });

  it("prints a return's events with their days in the console's date format", () => {
    const returnCase: ReturnCase = {
      returnId: 'r-1',
      name: '#1001-R1',
      orderId: 'o-1',
      openedAt: '2026-12-01T10:00:00.000Z',
      status: 'open',
      lines: [{ returnLineItemId: 'rl-1', lineItemId: 'li-1', quantity: 1 }],
      feeMinor: 0,
      decidedAmountMinor: 1800,
      currency: 'USD',
      policyVersion: 'v1',
      decidedBy: { kind: 'auto' },
      receiveBy: '2026-12-16T10:00:00.000Z',
      events: [{ at: '2026-12-09T10:00:00.000Z', what: 'the parcel given 7 more days (until 2026-12-16)', by: 'lead@shop.example' }],
    };
    const html = renderIn(US, () => returnCaseSection(makeRun({ returnCase })));
    expect(html).toContain('(until Dec 16, 2026)');
    expect(html).not.toContain('2026-12-16)');
  });
});

describe('where a run stands, on the runs list', () => {
  it('reads as words, never as a step name', () => {
    const html = list([
      row({ status: 'awaiting_approval', state: 'RequestApproval' }),
      row({ runId: 'run-2', status: 'awaiting_return', state: 'AwaitReturn' }),
    ]);
    const shown = html.replace(/<[^>]*>/g, ' ');
    expect(shown).toContain('Request approval');
    expect(shown).toContain('Await return');
    expect(shown).not.toMatch(/RequestApproval|AwaitReturn|awaiting_/);
  });
});
