// The store clock of an eval run: the real clock plus one fixed offset, chosen so that the run
// starts at 12:00 noon in the fixture's time zone on the current date there, and advances at real
// speed from then on. The local runtime takes it (startLocalRuntime's `clock`) for everything that
// tells time in the pipeline: the sandbox store's seeding ("N days ago" = now − N × 24 h), the
// sandbox helpdesk, webhook verification and the ticket's receivedAt, the harness and the engine;
// the runner signs its webhooks with it too. Noon is 12 hours from either midnight, so "N days ago"
// is exactly N calendar days back in the store's time zone at any hour the eval is run, even when
// a DST change within the window moves that instant by an hour.
import type { Clock } from '#harness/ports.js';
import { systemClock } from '#shared/clock.js';

export interface EvalClock extends Clock {
  /** What is added to the real time, in ms. */
  readonly offsetMs: number;
  readonly timeZone: string;
}

/** The real clock shifted so that it reads 12:00 in `timeZone` now, on the date it is there now. */
export function noonClock(timeZone: string, real: Clock = systemClock): EvalClock {
  const start = real.now();
  const offsetMs = noonOn(start, timeZone) - start.getTime();
  return { offsetMs, timeZone, now: () => new Date(real.now().getTime() + offsetMs) };
}

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock reading of `at` in `timeZone`. */
export function wallClock(at: Date, timeZone: string): Wall {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** The instant (ms) at which it is 12:00:00 in `timeZone` on the calendar date `at` has there. */
export function noonOn(at: Date, timeZone: string): number {
  const { year, month, day } = wallClock(at, timeZone);
  const target = Date.UTC(year, month - 1, day, 12);
  // Start from noon UTC and correct by the zone's offset; a second pass settles a zone whose offset
  // differs between the two instants (DST changes happen at night, so two passes are enough).
  let guess = target;
  for (let pass = 0; pass < 2; pass++) {
    const w = wallClock(new Date(guess), timeZone);
    guess += target - Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  }
  return guess;
}
