// The eval run's store clock (eval/run/clock.ts): whatever the hour the eval runs, it starts at
// 12:00 noon in the fixture's time zone on that date, runs at real speed, and makes the fixture's
// "N days ago" (now − N × 24 h) exactly N calendar days ago in the store's time zone, DST included.
import { describe, expect, it } from 'vitest';
import { calendarDaysBetween } from '#harness/policy/days.js';
import { noonClock, noonOn, wallClock } from '../../../eval/run/clock.js';

const NY = 'America/New_York';
const DAY_MS = 86_400_000;

/** A real clock the test moves by hand. */
function manualClock(iso: string) {
  let t = Date.parse(iso);
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

const dateIn = (at: Date, timeZone: string) => {
  const w = wallClock(at, timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
};

// Real instants near both midnights, around both DST changes of 2026 (Mar 8, Nov 1) and in between.
const STARTS = [
  '2026-03-08T04:59:00Z', // 23:59 EST on Mar 7
  '2026-03-08T05:01:00Z', // 00:01 EST on Mar 8 (DST begins at 02:00 that night)
  '2026-03-08T07:30:00Z', // 03:30 EDT on Mar 8
  '2026-04-07T04:30:00Z', // 00:30 EDT on Apr 7: with the real clock, "30 days ago" would be 31 calendar days
  '2026-11-01T05:30:00Z', // 01:30 EDT on Nov 1 (the hour that repeats)
  '2026-11-01T06:30:00Z', // 01:30 EST on Nov 1
  '2026-11-02T04:45:00Z', // 23:45 EST on Nov 1
  '2026-12-01T04:30:00Z', // 23:30 EST on Nov 30: with the real clock, "31 days ago" would be 30, "91" would be 90
  '2026-07-15T16:00:00Z', // noon EDT already
];

describe('the eval store clock', () => {
  it.each(STARTS)('reads 12:00:00 in the store time zone on the current date there, at real %s', (iso) => {
    const real = manualClock(iso);
    const clock = noonClock(NY, real);
    const now = clock.now();
    expect(wallClock(now, NY)).toMatchObject({ hour: 12, minute: 0, second: 0 });
    expect(dateIn(now, NY)).toBe(dateIn(real.now(), NY));
  });

  it('advances with the real clock from there, by a fixed offset', () => {
    const real = manualClock('2026-03-08T05:01:00Z');
    const clock = noonClock(NY, real);
    const first = clock.now().getTime();
    real.advance(95 * 60_000);
    expect(clock.now().getTime() - first).toBe(95 * 60_000);
    expect(clock.now().getTime() - real.now().getTime()).toBe(clock.offsetMs);
  });

  it.each(STARTS)('makes "N days ago" exactly N calendar days, in the store time zone and in UTC, at real %s', (iso) => {
    const now = noonClock(NY, manualClock(iso)).now();
    for (let n = 0; n <= 120; n++) {
      const seeded = new Date(now.getTime() - n * DAY_MS).toISOString();
      expect(calendarDaysBetween(seeded, now.toISOString(), NY), `${iso}, ${n} days`).toBe(n);
      // The policy's default time zone is UTC; noon in New York is 16:00 or 17:00 UTC, as far from midnight.
      expect(calendarDaysBetween(seeded, now.toISOString(), 'UTC'), `${iso}, ${n} days (UTC)`).toBe(n);
    }
  });

  it('is needed: on the real clock just after midnight, a DST change in the window shifts "N days ago" by a day', () => {
    const springAfterMidnight = new Date('2026-04-07T04:30:00Z'); // 00:30 EDT
    const autumnBeforeMidnight = new Date('2026-12-01T04:30:00Z'); // 23:30 EST
    const ago = (now: Date, n: number) => calendarDaysBetween(new Date(now.getTime() - n * DAY_MS).toISOString(), now.toISOString(), NY);
    expect(ago(springAfterMidnight, 30)).toBe(31);
    expect(ago(autumnBeforeMidnight, 91)).toBe(90);
  });

  it('finds noon in other zones too, including ones ahead of UTC', () => {
    for (const zone of ['UTC', 'Europe/Berlin', 'Asia/Tokyo', 'Pacific/Auckland', 'America/Los_Angeles']) {
      const at = new Date('2026-03-29T00:30:00Z');
      const noon = new Date(noonOn(at, zone));
      expect(wallClock(noon, zone), zone).toMatchObject({ hour: 12, minute: 0, second: 0 });
      expect(dateIn(noon, zone), zone).toBe(dateIn(at, zone));
    }
  });
});
