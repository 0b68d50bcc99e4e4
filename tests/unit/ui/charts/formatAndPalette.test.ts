import { describe, expect, it } from 'vitest';
import {
  columnNumberFormatter,
  dateFormatter,
  dateMillis,
  numberFormatter,
  parseDate,
} from '../../../../src/ui/charts/format';
import { brandPalette, COMPLEMENTARY_COLORS } from '../../../../src/ui/charts/palette';

describe('number formats', () => {
  it.each([
    [undefined, 1234.567, '1,234.57'],
    ['number', 1234.567, '1,234.57'],
    ['integer', 1234.567, '1,235'],
    ['percent', 0.1234, '12.3%'],
    ['compact', 1_234_000, '1.2M'],
    ['currency:EUR', 12.5, '€12.50'],
    ['currency:usd', 12.5, '$12.50'],
  ])('%s formats %s as %s', (format, value, expected) => {
    expect(numberFormatter(format)(value)).toBe(expected);
  });

  it('falls back to plain numbers for an unknown currency', () => {
    expect(numberFormatter('currency:NOPE')(3.14159)).toBe('3.14');
  });

  it('shows nothing for null and non-numbers as they are', () => {
    const format = numberFormatter('integer');
    expect(format(null)).toBe('');
    expect(format('abc')).toBe('abc');
    expect(format('42')).toBe('42');
  });
});

describe('number formats of year columns', () => {
  it('shows the years of a year column as written, other values as numbers', () => {
    for (const name of ['Year', 'Release Year', 'release_year', 'max_year']) {
      expect(columnNumberFormatter(name)(1996), name).toBe('1996');
    }
    expect(columnNumberFormatter('Year')('2024')).toBe('2024');
    expect(columnNumberFormatter('Year')(12345)).toBe('12,345');
    expect(columnNumberFormatter('Year')(null)).toBe('');
    expect(columnNumberFormatter('sum_amount')(1996)).toBe('1,996');
    expect(columnNumberFormatter('Quantity', 'integer')(1996.4)).toBe('1,996');
  });
});

describe('date formats', () => {
  it.each([
    [undefined, '2001-03-05', '2001-03-05'],
    [undefined, '2001-03-05T00:00:00.000Z', '2001-03-05'],
    [undefined, '2001-03-05T14:07:00.000Z', '2001-03-05 14:07'],
    ['date', '2001-03-05', 'Mar 5, 2001'],
    ['month', '2001-03-05', 'Mar 2001'],
    ['quarter', '2001-11-05', 'Q4 2001'],
    ['year', '2001-03-05', '2001'],
    ['datetime', '2001-03-05T14:07:00Z', 'Mar 5, 2001, 14:07'],
  ])('%s formats %s as %s', (format, value, expected) => {
    expect(dateFormatter(format)(value)).toBe(expected);
  });

  it('reads a bare day as that calendar day whatever the time zone', () => {
    expect(parseDate('2001-01-01')?.getTime()).toBe(Date.UTC(2001, 0, 1));
    expect(parseDate(Date.UTC(2001, 0, 2))?.toISOString()).toBe('2001-01-02T00:00:00.000Z');
    expect(parseDate('not a date')).toBeNull();
    expect(parseDate(null)).toBeNull();
  });

  it('shows values that are not dates as they are', () => {
    expect(dateFormatter('month')('soon')).toBe('soon');
    expect(dateFormatter('month')(null)).toBe('');
  });
});

describe('dateMillis', () => {
  it('agrees with Date.parse on days and UTC instants across years, leap days and 1970', () => {
    const values: string[] = [];
    for (
      let ms = Date.UTC(1899, 11, 30);
      ms < Date.UTC(2101, 0, 1);
      ms += 86_400_000 * 7 + 3_723_004
    ) {
      const iso = new Date(ms).toISOString();
      values.push(iso, iso.slice(0, 10));
    }
    values.push('2000-02-29', '1900-02-28', '1969-12-31T23:59:59.999Z', '1970-01-01');
    for (const value of values) expect(dateMillis(value), value).toBe(Date.parse(value));
  });

  it('reads other shapes through the Date parser and refuses non-dates', () => {
    expect(dateMillis('2001-01-01T10:00:00+02:00')).toBe(Date.UTC(2001, 0, 1, 8));
    expect(dateMillis('2001-13-01')).toBeNull();
    expect(dateMillis('nope')).toBeNull();
    expect(dateMillis(null)).toBeNull();
    expect(dateMillis(5)).toBe(5);
  });
});

describe('brand palette', () => {
  it('puts the brand colours first, then the complementary ones', () => {
    const palette = brandPalette('#AA0000', '#0a0');
    expect(palette.slice(0, 2)).toEqual(['#aa0000', '#00aa00']);
    expect(palette.slice(2)).toEqual(COMPLEMENTARY_COLORS);
  });

  it('skips invalid and repeated colours', () => {
    expect(brandPalette('red', '#5470c6')).toEqual([
      '#5470c6',
      ...COMPLEMENTARY_COLORS.filter((color) => color !== '#5470c6'),
    ]);
    expect(brandPalette('#123456', '#123456').filter((c) => c === '#123456')).toHaveLength(1);
    expect(brandPalette()).toEqual(COMPLEMENTARY_COLORS);
  });
});
