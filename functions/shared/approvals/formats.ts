// How the approval email and page print money, dates and time left: money in the store's locale
// ("62,00 €" for de-DE), dates in the store's time zone with English words (the email's language),
// day before month unless the store's locale is an English one that says otherwise (en-US).
// Built once per email or page by approval-view.ts; pure apart from the `now` it is given.
import { formatMoneyInLocale, supportedLocale } from '#shared/money.js';
import { calendarDaysBetween } from '#harness/policy/days.js';

export interface Formats {
  readonly locale: string;
  readonly timeZone: string;
  money(amountMinor: number, currency: string): string;
  /** "20 Sep 2026" / "Sep 20, 2026". */
  date(iso: string): string;
  /** "Thu 24 Sep, 14:05 CEST" / "Thu, Sep 24, 8:05 AM EDT". */
  dateTime(iso: string): string;
  /** "today", "yesterday", "3 days ago" (calendar days in the store's zone). */
  daysAgo(iso: string): string;
  /** "in 23 h 59 min", "in 5 min", "expired". */
  timeLeft(untilIso: string): string;
}

export function createFormats(input: { locale?: string; timeZone?: string; now: Date }): Formats {
  const locale = supportedLocale(input.locale ?? 'en-US');
  const timeZone = validTimeZone(input.timeZone) ? input.timeZone : 'UTC';
  // English words in the locale's order: an English locale as it is, any other as en-GB (day month).
  const dateLocale = locale.toLowerCase().startsWith('en') ? locale : 'en-GB';
  const dateFormat = new Intl.DateTimeFormat(dateLocale, { timeZone, day: 'numeric', month: 'short', year: 'numeric' });
  const dateTimeFormat = new Intl.DateTimeFormat(dateLocale, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  const now = input.now;
  const readable = (iso: string) => !Number.isNaN(Date.parse(iso));
  return {
    locale,
    timeZone,
    money: (amountMinor, currency) => formatMoneyInLocale(amountMinor, currency, locale),
    date: (iso) => (readable(iso) ? dateFormat.format(new Date(iso)) : iso),
    dateTime: (iso) => (readable(iso) ? dateTimeFormat.format(new Date(iso)).replace(/^(\w{3}),? /, '$1 ') : iso),
    daysAgo(iso) {
      const days = calendarDaysBetween(iso, now.toISOString(), timeZone);
      if (Number.isNaN(days)) return 'unknown';
      if (days <= 0) return days === 0 ? 'today' : 'later today';
      return days === 1 ? 'yesterday' : `${days} days ago`;
    },
    timeLeft(untilIso) {
      const ms = Date.parse(untilIso) - now.getTime();
      if (Number.isNaN(ms)) return 'unknown';
      if (ms <= 0) return 'expired';
      const minutes = Math.floor(ms / 60_000);
      if (minutes < 1) return 'in under a minute';
      const hours = Math.floor(minutes / 60);
      return hours > 0 ? `in ${hours} h ${minutes % 60} min` : `in ${minutes} min`;
    },
  };
}

function validTimeZone(zone: string | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
