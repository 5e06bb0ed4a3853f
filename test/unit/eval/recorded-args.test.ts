// The eval's flags for recorded answers: --provider recorded needs --answers, takes --fallback
// offline and --pending, and those go with it alone; --record goes with one anthropic run per ticket.
import { describe, expect, it } from 'vitest';
import { parseEvalArgs, UsageError } from '../../../eval/run/args.js';

const run = (argv: string[]) => {
  const args = parseEvalArgs(argv);
  if (args.command !== 'run') throw new Error(`expected a run, got ${args.command}`);
  return args;
};

describe('the recorded answers flags', () => {
  it('read --provider recorded with its corpus, fallback and pending directory', () => {
    const args = run(['--provider', 'recorded', '--answers', 'eval/corpora/blind', '--fallback', 'offline', '--pending', 'pending']);

    expect(args).toMatchObject({ provider: 'recorded', recorded: { answers: 'eval/corpora/blind', fallback: 'offline', pending: 'pending' }, record: null });
  });

  it('leave the fallback and the pending directory off by default', () => {
    expect(run(['--provider', 'recorded', '--answers', 'c']).recorded).toEqual({ answers: 'c', fallback: null, pending: null });
    expect(run([]).recorded).toBeNull();
  });

  it('refuse --provider recorded without --answers, and its flags with another provider', () => {
    expect(() => parseEvalArgs(['--provider', 'recorded'])).toThrow(
      new UsageError('--provider recorded needs --answers <corpus dir> (eval/corpora/README.md)'),
    );
    expect(() => parseEvalArgs(['--answers', 'c'])).toThrow('--answers goes with --provider recorded');
    expect(() => parseEvalArgs(['--provider', 'anthropic', '--pending', 'p'])).toThrow('--pending goes with --provider recorded');
    expect(() => parseEvalArgs(['--provider', 'recorded', '--answers', 'c', '--fallback', 'anthropic'])).toThrow(UsageError);
  });

  it('take --record with the anthropic provider only, and one run per ticket', () => {
    expect(run(['--provider', 'anthropic', '--record', 'eval/corpora/api']).record).toBe('eval/corpora/api');
    expect(() => parseEvalArgs(['--record', 'x'])).toThrow('--record <dir> records the API');
    expect(() => parseEvalArgs(['--provider', 'anthropic', '--record', 'x', '--k', '3'])).toThrow('drop --k');
  });

  it('refuse --from-journal with recorded answers: it asks a live provider again', () => {
    expect(() => parseEvalArgs(['--provider', 'recorded', '--answers', 'c', '--from-journal', 'run.json'])).toThrow('asks a live provider again');
  });
});
