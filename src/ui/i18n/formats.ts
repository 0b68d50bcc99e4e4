import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';

// Numbers, dates and relative dates in the active language, through Intl (one place, so
// every screen writes "1 234,5" and "il y a 3 jours" the same way in French). `locale` is a
// language code of common/languages.ts, which Intl reads as a BCP 47 tag.

export function formatNumber(
  value: number | bigint,
  locale: string,
  options?: Intl.NumberFormatOptions,
): string {
  return new Intl.NumberFormat(locale, options).format(value);
}

export function formatDate(
  value: Date | string | number,
  locale: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return new Intl.DateTimeFormat(locale, options).format(new Date(value));
}

export function formatDateTime(value: Date | string | number, locale: string): string {
  return formatDate(value, locale, { dateStyle: 'medium', timeStyle: 'short' });
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 days ago", "in 2 hours", "yesterday": `value` relative to `now`, in its largest whole unit. */
export function formatRelative(
  value: Date | string | number,
  locale: string,
  now: Date | number = Date.now(),
): string {
  const seconds = Math.round((new Date(value).getTime() - new Date(now).getTime()) / 1000);
  const [unit, size] =
    RELATIVE_UNITS.find(([, unitSeconds]) => Math.abs(seconds) >= unitSeconds) ??
    RELATIVE_UNITS[RELATIVE_UNITS.length - 1]!;
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(
    Math.trunc(seconds / size),
    unit,
  );
}

/** The formatters bound to the language the app speaks now. */
export function useFormats() {
  const [locale] = useLocaleState();
  return useMemo(
    () => ({
      locale,
      number: (value: number | bigint, options?: Intl.NumberFormatOptions) =>
        formatNumber(value, locale, options),
      date: (value: Date | string | number, options?: Intl.DateTimeFormatOptions) =>
        formatDate(value, locale, options),
      dateTime: (value: Date | string | number) => formatDateTime(value, locale),
      relative: (value: Date | string | number) => formatRelative(value, locale),
    }),
    [locale],
  );
}
