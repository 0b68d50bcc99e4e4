import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, formatRelative } from '../../../../src/ui/i18n/formats';

// Numbers, dates and relative dates per language, through Intl (ICU's data of this Node).

const MARCH_5 = Date.UTC(2026, 2, 5, 14, 30);
const LONG_UTC = { dateStyle: 'long', timeZone: 'UTC' } as const;

describe('formats per language', () => {
  it('writes numbers with each language’s separators', () => {
    expect(formatNumber(1234567.891, 'en')).toBe('1,234,567.891');
    expect(formatNumber(1234567.891, 'fr')).toBe('1\u202f234\u202f567,891');
    expect(formatNumber(1234567.891, 'de')).toBe('1.234.567,891');
    expect(formatNumber(1234567.891, 'es')).toBe('1.234.567,891');
    expect(formatNumber(1234567.891, 'pt-BR')).toBe('1.234.567,891');
    expect(formatNumber(0.256, 'fr', { style: 'percent' })).toBe('26\u00a0%');
    expect(formatNumber(12n, 'de')).toBe('12');
  });

  it('writes dates in each language', () => {
    expect(formatDate(MARCH_5, 'en', LONG_UTC)).toBe('March 5, 2026');
    expect(formatDate(MARCH_5, 'fr', LONG_UTC)).toBe('5 mars 2026');
    expect(formatDate(MARCH_5, 'de', LONG_UTC)).toBe('5. März 2026');
    expect(formatDate(MARCH_5, 'es', LONG_UTC)).toBe('5 de marzo de 2026');
    expect(formatDate(MARCH_5, 'pt-BR', LONG_UTC)).toBe('5 de março de 2026');
    expect(formatDate(MARCH_5, 'ar', LONG_UTC)).toContain('مارس');
    expect(formatDate(MARCH_5, 'he', LONG_UTC)).toContain('במרץ');
  });

  it('writes relative dates in the largest whole unit, in each language', () => {
    const now = MARCH_5;
    const threeDaysAgo = now - 3 * 24 * 3600 * 1000;
    expect(formatRelative(threeDaysAgo, 'en', now)).toBe('3 days ago');
    expect(formatRelative(threeDaysAgo, 'fr', now)).toBe('il y a 3 jours');
    expect(formatRelative(threeDaysAgo, 'de', now)).toBe('vor 3 Tagen');
    expect(formatRelative(threeDaysAgo, 'es', now)).toBe('hace 3 días');
    expect(formatRelative(threeDaysAgo, 'pt-BR', now)).toBe('há 3 dias');
    expect(formatRelative(threeDaysAgo, 'ar', now)).toContain('أيام');
    expect(formatRelative(threeDaysAgo, 'he', now)).toContain('ימים');
    expect(formatRelative(now - 24 * 3600 * 1000, 'fr', now)).toBe('hier');
    expect(formatRelative(now + 2 * 3600 * 1000, 'fr', now)).toBe('dans 2 heures');
    expect(formatRelative(now - 90 * 1000, 'en', now)).toBe('1 minute ago');
    expect(formatRelative(now, 'de', now)).toBe('jetzt');
  });
});
