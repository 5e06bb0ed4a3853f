// Calendar days as docs/policy.md counts them: in the store's time zone, back from the day the ticket
// arrived, inclusive. The golden fixture uses whole days only (seeded right before the ticket
// arrives), so "N days ago" is N calendar days ago; a fractional day would make a label depend on
// the hour the set runs, and is refused.
import { GoldenDataError } from './errors.js';
import { POLICY } from './policy-numbers.js';

export function calendarDaysAgo(daysAgo: number, what: string): number {
  if (!Number.isInteger(daysAgo) || daysAgo < 0) {
    throw new GoldenDataError(`${what}: ${daysAgo} days ago is not a whole number of days; labels must not depend on the hour`);
  }
  return daysAgo;
}

/** Fulfilled 30 days ago is within 30 days; 31 is not. */
export function fulfilledRecently(daysAgo: number, what: string): boolean {
  return calendarDaysAgo(daysAgo, what) <= POLICY.fulfilledWithinDays;
}

/** The return window: fulfilled 30 days ago is inside it; 31 is not. */
export function insideReturnWindow(daysAgo: number, what: string): boolean {
  return calendarDaysAgo(daysAgo, what) <= POLICY.returnWindowDays;
}

/** A refund 90 days ago counts; 91 does not. */
export function inRefundWindow(daysAgo: number, what: string): boolean {
  return calendarDaysAgo(daysAgo, what) <= POLICY.refundWindowDays;
}
