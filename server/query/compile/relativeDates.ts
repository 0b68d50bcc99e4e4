import type { RelativeDate } from '../../../common/analytics';

// Relative date filters become a half-open range [start, end) of UTC calendar days, computed
// here from a given `now` so the SQL only sees bound dates. Like Metabase's "previous 30
// days" and Superset's "last week", `last N units` ends at the start of today (today is not
// complete); `this` is the current calendar unit, `previous` the one before. Weeks start on
// Monday.

interface DateRange {
  /** 'YYYY-MM-DD', inclusive */
  start: string;
  /** 'YYYY-MM-DD', exclusive */
  end: string;
}

type Unit = RelativeDate['unit'];

function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function addDays(date: Date, days: number): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + days));
}

function addMonths(date: Date, months: number): Date {
  // Day-of-month clamps to the target month's last day (Mar 31 - 1 month = Feb 28/29).
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

function shift(date: Date, unit: Unit, amount: number): Date {
  switch (unit) {
    case 'day':
      return addDays(date, amount);
    case 'week':
      return addDays(date, amount * 7);
    case 'month':
      return addMonths(date, amount);
    case 'quarter':
      return addMonths(date, amount * 3);
    case 'year':
      return addMonths(date, amount * 12);
  }
}

function startOfUnit(date: Date, unit: Unit): Date {
  const day = startOfDay(date);
  switch (unit) {
    case 'day':
      return day;
    case 'week':
      return addDays(day, -((day.getUTCDay() + 6) % 7));
    case 'month':
      return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
    case 'quarter':
      return new Date(
        Date.UTC(day.getUTCFullYear(), day.getUTCMonth() - (day.getUTCMonth() % 3), 1),
      );
    case 'year':
      return new Date(Date.UTC(day.getUTCFullYear(), 0, 1));
  }
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function relativeDateRange(relative: RelativeDate, now: Date): DateRange {
  const unit = relative.unit;
  if (relative.kind === 'last') {
    const end = startOfDay(now);
    return { start: isoDay(shift(end, unit, -(relative.count ?? 1))), end: isoDay(end) };
  }
  const current = startOfUnit(now, unit);
  if (relative.kind === 'this') {
    return { start: isoDay(current), end: isoDay(shift(current, unit, 1)) };
  }
  return { start: isoDay(shift(current, unit, -1)), end: isoDay(current) };
}
