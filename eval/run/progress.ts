// The progress line on stderr: runs done / total, passes, elapsed. On a TTY it is redrawn in
// place; otherwise (CI logs) a line is printed at every further 10% so the log stays short.
export interface ProgressSink {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface Progress {
  tick(passed: boolean): void;
  /** Ends the line (TTY) so later output starts on its own line. */
  finish(): void;
}

const BAR_WIDTH = 24;

export function createProgress(opts: { total: number; sink: ProgressSink; now?: () => number }): Progress {
  const now = opts.now ?? Date.now;
  const started = now();
  const tty = opts.sink.isTTY === true;
  let done = 0;
  let passes = 0;
  let lastDecile = 0;
  const line = () => {
    const share = opts.total === 0 ? 1 : done / opts.total;
    const filled = Math.round(share * BAR_WIDTH);
    const elapsed = ((now() - started) / 1000).toFixed(1);
    return `eval [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${done}/${opts.total} runs, ${passes} passed, ${elapsed}s`;
  };
  if (tty) opts.sink.write(line());
  return {
    tick(passed) {
      done += 1;
      if (passed) passes += 1;
      if (tty) {
        opts.sink.write(`\r${line()}\x1b[K`);
        return;
      }
      const decile = opts.total === 0 ? 10 : Math.floor((done / opts.total) * 10);
      if (decile > lastDecile) {
        lastDecile = decile;
        opts.sink.write(`${line()}\n`);
      }
    },
    finish() {
      if (tty) opts.sink.write('\n');
    },
  };
}
