// eval/corpora/convert.ts: a corpus imported from the journals an eval result kept (by golden
// ticket, the answers that passed their schema in journal order), field migrations of recorded
// outputs when the output schema changes, and answered pending requests collected into the corpus.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { journalResult } from '#harness/models/index.js';
import { readCorpus, readCorpusFile, writeCorpusFile } from '#harness/adapters/models/recorded/index.js';
import { collectPending, ConvertError, importEvalResult, migrateOutput, parseMigration, runConvert } from '../../../eval/corpora/convert.js';

const modelRow = (name: string, output: unknown, outcome = 'ok') => ({ kind: 'model', name, outcome, ...journalResult(output) });
const toolRow = (name: string) => ({ kind: 'tool', name, outcome: 'ok', result: '{}' });
const tempDir = () => mkdtempSync(join(tmpdir(), 'corpus-'));
const quiet = { stdout: () => {}, cwd: '/' };

describe('importing a corpus from an eval result', () => {
  it("keeps each ticket's answers that passed their schema, per specialist in journal order, under its golden id", () => {
    const result = {
      tickets: [
        {
          id: 'damaged-01',
          runs: [
            {
              attempt: 1,
              journal: [
                modelRow('triage', { intent: 'refund_request' }),
                toolRow('get_order'),
                modelRow('order_agent', { remedy: 'oops' }, 'error'),
                modelRow('order_agent', { remedy: 'refund' }),
                modelRow('reply_agent', { body: 'Hello' }),
                modelRow('reply_check', { passed: true, problems: [] }),
              ],
            },
          ],
        },
        { id: 'damaged-02', runs: [{ attempt: 1 }] },
      ],
    };

    const { files, skipped } = importEvalResult(result);

    expect(files).toEqual([
      {
        ticketId: 'damaged-01',
        answers: {
          triage: [{ intent: 'refund_request' }],
          order_agent: [{ remedy: 'refund' }],
          reply_agent: [{ body: 'Hello' }],
          reply_check: [{ passed: true, problems: [] }],
        },
      },
    ]);
    expect(skipped).toEqual(['damaged-02: no journal for attempt 1']);
  });

  it('skips a ticket whose answer the journal cut, rather than shift its later answers', () => {
    const long = { body: 'x'.repeat(5000) };
    const { files, skipped } = importEvalResult({ tickets: [{ id: 'rambling-01', runs: [{ attempt: 1, journal: [modelRow('reply_agent', long)] }] }] });

    expect(files).toEqual([]);
    expect(skipped[0]).toMatch(/^rambling-01: a reply_agent answer was cut/);
  });

  it('writes one file per ticket through the command line', () => {
    const dir = tempDir();
    const resultFile = join(dir, 'result.json');
    writeFileSync(resultFile, JSON.stringify({ tickets: [{ id: 'typos-01', runs: [{ attempt: 1, journal: [modelRow('triage', { intent: 'other' })] }] }] }));

    expect(runConvert(['import', resultFile, join(dir, 'corpus')], quiet)).toBe(0);

    expect(readCorpus(join(dir, 'corpus'))).toEqual(new Map([['typos-01', { triage: [{ intent: 'other' }] }]]));
  });
});

describe('field migrations of recorded outputs', () => {
  const proposal = () => ({
    remedy: 'refund',
    amountMinor: 1800,
    lineItems: [{ lineItemId: 'a', quantity: 1, quote: 'q' }, { lineItemId: 'b', quantity: 2, quote: 'r', countWords: 'both' }, 'not an object'],
    evidence: ['e'],
  });

  it('adds a default for a new field where it is missing, in every element of an array, and leaves given values alone', () => {
    const output = proposal();

    const changed = migrateOutput(output, parseMigration('default', 'order_agent:lineItems[].countWords=null'));

    expect(changed).toBe(1);
    expect(output.lineItems).toEqual([
      { lineItemId: 'a', quantity: 1, quote: 'q', countWords: null },
      { lineItemId: 'b', quantity: 2, quote: 'r', countWords: 'both' },
      'not an object',
    ]);
  });

  it('renames and drops fields', () => {
    const output: Record<string, unknown> = proposal();

    migrateOutput(output, parseMigration('rename', 'order_agent:evidence=notes'));
    migrateOutput(output, parseMigration('drop', 'order_agent:amountMinor'));

    expect(output).not.toHaveProperty('evidence');
    expect(output).not.toHaveProperty('amountMinor');
    expect(output.notes).toEqual(['e']);
  });

  it("applies the command line's migrations in the order given, to the named specialist only, and rewrites the corpus", () => {
    const dir = tempDir();
    writeCorpusFile(dir, { ticketId: 'damaged-01', answers: { order_agent: [proposal()], triage: [{ evidence: 'kept' }] } });

    runConvert(
      [
        'migrate',
        dir,
        '--rename',
        'order_agent:evidence=notes',
        '--default',
        'order_agent:evidence=[]',
        '--default',
        'order_agent:reasonWords="arrived cracked"',
      ],
      quiet,
    );

    const answers = readCorpus(dir).get('damaged-01')!;
    expect(answers.order_agent![0]).toMatchObject({ notes: ['e'], evidence: [], reasonWords: 'arrived cracked' });
    expect(answers.triage).toEqual([{ evidence: 'kept' }]);
  });

  it("keeps a wrong answer's class when it rewrites the file", () => {
    const dir = tempDir();
    writeCorpusFile(dir, { ticketId: 'damaged-01', wrong: { class: 'quantity_up' }, answers: { order_agent: [proposal()] } });

    runConvert(['migrate', dir, '--default', 'order_agent:exchangeWords=null'], quiet);

    expect(readCorpusFile(dir, 'damaged-01')).toMatchObject({ wrong: { class: 'quantity_up' }, answers: { order_agent: [{ exchangeWords: null }] } });
  });

  it('refuses a migration it cannot read', () => {
    expect(() => parseMigration('default', 'order_agent:countWords')).toThrow(ConvertError);
    expect(() => parseMigration('default', 'order_agent:countWords=not json')).toThrow(/not JSON/);
    expect(() => parseMigration('drop', 'nobody:field')).toThrow(ConvertError);
    expect(() => parseMigration('drop', 'order_agent:lineItems[]')).toThrow(ConvertError);
  });
});

describe('collecting answered pending requests', () => {
  it('moves each answered request into the corpus at its call and deletes it, and leaves the unanswered ones', () => {
    const [pending, corpus] = [tempDir(), tempDir()];
    writeCorpusFile(corpus, { ticketId: 'damaged-01', answers: { triage: [{ intent: 'refund_request' }] } });
    const request = (ticket: string, specialist: string, call: number, answer: unknown) => {
      mkdirSync(join(pending, ticket), { recursive: true });
      const path = join(pending, ticket, `${specialist}-${call}.json`);
      writeFileSync(path, JSON.stringify({ ticketId: ticket, specialist, call, system: 's', input: {}, outputSchema: {}, answer }));
      return path;
    };
    const answered = request('damaged-01', 'order_agent', 0, { remedy: 'refund' });
    request('damaged-02', 'triage', 0, { intent: 'other' });
    const open = request('damaged-02', 'order_agent', 0, null);

    expect(collectPending(pending, corpus)).toEqual({ collected: 2, left: 1 });

    expect(readCorpus(corpus)).toEqual(
      new Map([
        ['damaged-01', { triage: [{ intent: 'refund_request' }], order_agent: [{ remedy: 'refund' }] }],
        ['damaged-02', { triage: [{ intent: 'other' }] }],
      ]),
    );
    expect(existsSync(answered)).toBe(false);
    expect(existsSync(join(pending, 'damaged-01'))).toBe(false);
    expect(JSON.parse(readFileSync(open, 'utf8'))).toMatchObject({ answer: null });
  });

  it('refuses an answer that would leave a hole before it', () => {
    const [pending, corpus] = [tempDir(), tempDir()];
    mkdirSync(join(pending, 'damaged-01'));
    writeFileSync(join(pending, 'damaged-01', 'triage-1.json'), JSON.stringify({ ticketId: 'damaged-01', specialist: 'triage', call: 1, answer: {} }));

    expect(() => collectPending(pending, corpus)).toThrow(/call 1, but the corpus holds 0 answers before it/);
  });
});
