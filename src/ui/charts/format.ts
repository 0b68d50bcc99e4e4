// Number and date formats of chart options (ChartOptions.numberFormat / dateFormat).

export type ValueFormatter = (value: unknown) => string;

const DEFAULT_LOCALE = 'en-US';

function numberFormatOptions(format: string | undefined): Intl.NumberFormatOptions {
  if (format?.startsWith('currency:')) {
    return { style: 'currency', currency: format.slice('currency:'.length).toUpperCase() };
  }
  switch (format) {
    case 'integer':
      return { maximumFractionDigits: 0 };
    case 'percent':
      return { style: 'percent', maximumFractionDigits: 1 };
    case 'compact':
      return { notation: 'compact', maximumFractionDigits: 1 };
    default:
      return { maximumFractionDigits: 2 };
  }
}

function intlNumberFormat(format: string | undefined, locale: string): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, numberFormatOptions(format));
  } catch {
    // An unknown currency code: plain numbers rather than a broken chart.
    return new Intl.NumberFormat(locale, numberFormatOptions(undefined));
  }
}

/** Formats numbers by the shorthand 'number' | 'integer' | 'percent' | 'compact' | 'currency:XXX'. */
export function numberFormatter(format?: string, locale = DEFAULT_LOCALE): ValueFormatter {
  const intl = intlNumberFormat(format, locale);
  return (value) => {
    if (value === null || value === undefined || value === '') return '';
    const number = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(number) ? intl.format(number) : String(value);
  };
}

/** Words of a column name: `Release Year`, `release_year` and `releaseYear` alike. */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const YEAR_WORDS = new Set(['year', 'yr', 'yyyy', 'fy', 'season', 'vintage']);

/** A column named as holding years ("Year", `release_year`, "FY"), or their minimum etc. */
export function isYearName(name: string): boolean {
  return nameWords(name).some((word) => YEAR_WORDS.has(word));
}

/** A whole number a year column holds: 1000-2999. */
export function isYearValue(value: number): boolean {
  return Number.isInteger(value) && value >= 1000 && value <= 2999;
}

/**
 * The number formatter of column `name`: as `numberFormatter`, but a year column shows its
 * years as written (1996, not 1,996).
 */
export function columnNumberFormatter(
  name: string,
  format?: string,
  locale = DEFAULT_LOCALE,
): ValueFormatter {
  const formatted = numberFormatter(format, locale);
  if (!isYearName(name)) return formatted;
  return (value) => {
    const number = typeof value === 'number' ? value : Number(value);
    return value !== '' && isYearValue(number) ? String(number) : formatted(value);
  };
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** The two shapes the server sends: grain days and ISO instants in UTC. */
const DAY_OR_UTC_INSTANT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}\.\d{3}Z)?$/;

const twoDigits = (text: string, at: number) =>
  (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48;

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/**
 * Epoch milliseconds of a date value, or null. The server's two shapes are read by hand:
 * a million points parse in tens of milliseconds instead of hundreds with Date.parse.
 */
export function dateMillis(value: unknown): number | null {
  if (typeof value === 'string' && DAY_OR_UTC_INSTANT.test(value)) {
    const month = twoDigits(value, 5);
    const day = twoDigits(value, 8);
    if (month >= 1 && month <= 12 && day >= 1 && day <= 31) {
      const year = twoDigits(value, 0) * 100 + twoDigits(value, 2);
      const midnight = daysFromCivil(year, month, day) * 86_400_000;
      if (value.length === 10) return midnight;
      const millis = (value.charCodeAt(20) - 48) * 100 + twoDigits(value, 21);
      return (
        midnight +
        twoDigits(value, 11) * 3_600_000 +
        twoDigits(value, 14) * 60_000 +
        twoDigits(value, 17) * 1000 +
        millis
      );
    }
  }
  return parseDate(value)?.getTime() ?? null;
}

/** A date value ('YYYY-MM-DD', an ISO string or epoch milliseconds) as a Date, or null. */
export function parseDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  if (typeof value !== 'string' || value === '') return null;
  // A bare day is a calendar day, not a UTC instant shifted into the viewer's zone.
  const text = DAY_ONLY.test(value) ? `${value}T00:00:00Z` : value;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number) => String(n).padStart(2, '0');

function isoDay(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

function isMidnight(date: Date): boolean {
  return date.getUTCHours() === 0 && date.getUTCMinutes() === 0 && date.getUTCSeconds() === 0;
}

function dateParts(format: string | undefined): Intl.DateTimeFormatOptions | null {
  switch (format) {
    case 'date':
      return { year: 'numeric', month: 'short', day: 'numeric' };
    case 'month':
      return { year: 'numeric', month: 'short' };
    case 'year':
      return { year: 'numeric' };
    case 'datetime':
      return {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      };
    default:
      return null;
  }
}

/**
 * Formats dates by 'date' | 'month' | 'quarter' | 'year' | 'datetime', in UTC (the warehouse's
 * dates carry no zone). Without a format: 'YYYY-MM-DD', plus ' HH:MM' when there is a time.
 */
export function dateFormatter(format?: string, locale = DEFAULT_LOCALE): ValueFormatter {
  const parts = dateParts(format);
  const intl = parts ? new Intl.DateTimeFormat(locale, { ...parts, timeZone: 'UTC' }) : null;
  return (value) => {
    if (value === null || value === undefined || value === '') return '';
    const date = parseDate(value);
    if (!date) return String(value);
    if (format === 'quarter') {
      return `Q${Math.floor(date.getUTCMonth() / 3) + 1} ${date.getUTCFullYear()}`;
    }
    if (intl) return intl.format(date);
    const day = isoDay(date);
    return isMidnight(date)
      ? day
      : `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
  };
}
