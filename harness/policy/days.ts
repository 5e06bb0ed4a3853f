// Calendar days in the store's time zone, as the policy counts them: from the day an event
// happened to the day the ticket arrived. Fulfilled 30 days ago is within 30; 31 is not. Pure.
const DAY_MS = 86_400_000;

function dayNumber(iso: string, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(iso));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day')) / DAY_MS;
}

/** The calendar day `iso` falls on in the time zone, "2026-11-30" (the UTC day when the zone is not one). */
export function calendarDay(iso: string, timeZone: string): string {
  try {
    return new Date(dayNumber(iso, timeZone) * DAY_MS).toISOString().slice(0, 10);
  } catch {
    return iso.slice(0, 10);
  }
}

/** Whole calendar days from `earlier` to `later` in the time zone (negative when `earlier` is after). NaN for an unreadable date. */
export function calendarDaysBetween(earlier: string, later: string, timeZone: string): number {
  if (Number.isNaN(Date.parse(earlier)) || Number.isNaN(Date.parse(later))) return Number.NaN;
  return dayNumber(later, timeZone) - dayNumber(earlier, timeZone);
}

/** True when `iso` falls within the last `days` calendar days before `reference`, both days inclusive. */
export function withinDays(iso: string, reference: string, days: number, timeZone: string): boolean {
  const age = calendarDaysBetween(iso, reference, timeZone);
  return age <= days;
}
