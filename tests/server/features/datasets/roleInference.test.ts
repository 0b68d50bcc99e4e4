import { describe, expect, it } from 'vitest';
import type { ColumnProfile } from '../../../../server/features/datasets/columnProfile';
import { profileColumns } from '../../../../server/features/datasets/columnProfile';
import { detectFields } from '../../../../server/features/datasets/fieldDetection';
import {
  nameWords,
  numberRoleFromData,
  numberRoleFromName,
} from '../../../../server/features/datasets/roleInference';

// The role of a number column from its name and sampled data (synthetic column profiles).

function whole(values: number[]): ColumnProfile {
  return profileColumns(
    [{ name: 'x', type: 'BIGINT' }],
    values.map((value) => [value]),
  ).x;
}

const repeat = <T>(values: T[], times: number): T[] =>
  Array.from({ length: times }, () => values).flat();
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('number roles from data', () => {
  it.each([
    ['Year', repeat(range(1970, 1982), 30)],
    ['Release Year', repeat([1994, 1998, 2003, 2010], 10)],
    ['year_of_birth', [1950, 1961, 1972, 1988, 1990]],
    ['season', range(1990, 2020)],
    ['yr', [2001, 2002]],
    // two-digit model years (auto-mpg's 70 ... 82), named like a year
    ['Year', repeat(range(70, 82), 30)],
    ['model_year', repeat(range(70, 82), 30)],
    // years before 1800, named like a year (wheat prices 1565 ... 1821)
    ['year', range(313, 364).map((step) => step * 5)],
    // unnamed, but every value a four-digit year
    [
      'period',
      repeat(
        range(1955, 2005).filter((year) => year % 5 === 0),
        60,
      ),
    ],
  ])('%s holding years is time', (name, values) => {
    expect(numberRoleFromData(name, whole(values))).toBe('time');
  });

  it.each([
    ['Cylinders', repeat([3, 4, 5, 6, 8], 80)],
    ['rating', repeat([1, 2, 3, 4, 5], 20)],
    ['Month', repeat(range(1, 12), 10)],
    ['doors', repeat([2, 4, 5], 40)],
    ['flag', repeat([0, 1], 50)],
  ])('%s with few small whole values is a dimension', (name, values) => {
    expect(numberRoleFromData(name, whole(values))).toBe('dimension');
  });

  it.each([
    ['id', range(1, 500)],
    ['customer_id', repeat(range(100, 140), 3)],
    ['OrderID', range(10_000, 10_400)],
    ['ZIP Code', [98101, 98102, 10001, 94110]],
    ['zip', [98101, 98102, 10001]],
    ['postal', [1000, 2000]],
    ['Phone Number', [5551234567, 5559876543]],
    ['fips', [1001, 1003, 1005, 6037]],
    ['county_fips_code', [1001, 1003]],
    ['invoice_no', [1, 2, 3]],
    // unnamed: unique per row and packed like a row number
    ['row', range(1, 300)],
  ])('%s is an identifier: a dimension', (name, values) => {
    expect(numberRoleFromData(name, whole(values))).toBe('dimension');
  });

  it.each([
    ['Horsepower', repeat([130, 165, 150, 140, 198, 220, 215, 225, 190, 170, 160, 95, 97], 20)],
    ['amount', range(1, 40)],
    // few distinct values but an amount by name
    ['quantity', repeat([1, 2, 3], 30)],
    // a small table: too few rows to call five values categories
    ['score', [3, 4, 5, 1, 2]],
    // values in a year-like span, named as an amount
    ['weight', [1850, 1900, 1990, 2050]],
    // unique per row but spread like amounts, not a serial
    ['sales', range(1, 30).map((n) => n * 997)],
    ['Budget', range(1, 40).map((n) => n * 1000)],
  ])('%s is a measure', (name, values) => {
    expect(numberRoleFromData(name, whole(values))).toBe('measure');
  });

  it('keeps decimals measures even with few values', () => {
    const profile = profileColumns(
      [{ name: 'IMDB Rating', type: 'DOUBLE' }],
      repeat([6.1, 7.5, 8.2], 30).map((value) => [value]),
    )['IMDB Rating'];
    expect(profile.integers).toBe(false);
    expect(numberRoleFromData('IMDB Rating', profile)).toBe('measure');
  });

  it('splits names into words', () => {
    expect(nameWords('OrderID')).toEqual(['order', 'id']);
    expect(nameWords('Release Year')).toEqual(['release', 'year']);
    expect(nameWords('Miles_per_Gallon')).toEqual(['miles', 'per', 'gallon']);
    expect(nameWords('userId')).toEqual(['user', 'id']);
  });
});

describe('two-digit numbers named like a year', () => {
  it('counts of years are not years', () => {
    expect(numberRoleFromData('years_of_service', whole(repeat(range(0, 40), 5)))).not.toBe('time');
    expect(numberRoleFromData('Years', whole(repeat(range(25, 60), 5)))).not.toBe('time');
  });

  it('four-digit numbers before 1800 are years only when named like a year', () => {
    expect(numberRoleFromData('elevation', whole(range(1200, 1700)))).not.toBe('time');
    expect(numberRoleFromData('Years', whole(range(1200, 1260)))).not.toBe('time');
  });
});

describe('whole numbers repeated often for the rows', () => {
  it.each([
    // ages in five-year bands, 19 values each on 30 rows
    [
      'age',
      repeat(
        range(0, 18).map((band) => band * 5),
        30,
      ),
    ],
    // bands that are not small
    [
      'bracket',
      repeat(
        range(0, 39).map((band) => 1000 + band * 250),
        12,
      ),
    ],
    // hours of a day and days of a month
    ['hour', repeat(range(0, 23), 20)],
    ['day', repeat(range(1, 31), 10)],
  ])('%s is a dimension', (name, values) => {
    expect(numberRoleFromData(name, whole(values))).toBe('dimension');
  });

  it.each([
    // named like amounts: measures however often they repeat
    [
      'people',
      repeat(
        range(0, 18).map((band) => band * 5),
        30,
      ),
    ],
    ['visitor count', repeat(range(0, 23), 20)],
    ['total', repeat(range(1, 31), 10)],
    // repeated, but too rarely for their number of values
    ['flipper_length_mm', repeat(range(172, 231), 6)],
    // step-1 values beyond the small range: temperatures, not categories
    ['temp', repeat(range(-10, 39), 20)],
    // too many values
    ['score', repeat(range(0, 99), 20)],
    // uneven values that are not small
    ['weight', repeat([1500, 1720, 2130, 2600, 3100, 4400], 20)],
    ['distance', repeat([120, 350, 470, 800, 1300, 2200, 2900], 20)],
  ])('%s is a measure', (name, values) => {
    expect(numberRoleFromData(name, whole(values))).toBe('measure');
  });
});

describe('quantities, counts and durations', () => {
  it.each([
    ['Quantity', repeat([1, 2, 3, 4, 5], 30)],
    ['Qty', repeat([1, 2, 3], 30)],
    ['Units', repeat(range(1, 14), 10)],
    ['Days to ship', repeat(range(0, 7), 20)],
    ['Ship Days', repeat(range(0, 7), 20)],
    ['order_count', repeat(range(0, 9), 20)],
    ['num_orders', repeat(range(0, 9), 20)],
    ['Number of employees', repeat([10, 20, 30], 20)],
    ['Duration', repeat(range(1, 12), 20)],
    ['hours_worked', repeat(range(0, 24), 20)],
    ['Years of experience', repeat(range(0, 30), 20)],
    ['Age', repeat(range(18, 70), 20)],
  ])('%s is a measure, however few its values', (name, values) => {
    expect(numberRoleFromData(name, whole(values))).toBe('measure');
  });

  it.each([
    ['order_id', repeat(range(1, 9), 20)],
    ['product_code', repeat(range(1, 9), 20)],
    ['zip', [98101, 98102, 10001]],
    ['order_number', range(1, 300)],
  ])('%s stays a dimension', (name, values) => {
    expect(numberRoleFromData(name, whole(values))).toBe('dimension');
  });

  it('keeps years time and ages in brackets a breakdown', () => {
    expect(numberRoleFromData('Year', whole(repeat(range(1990, 2000), 10)))).toBe('time');
    const brackets = repeat(
      range(0, 18).map((band) => band * 5),
      30,
    );
    expect(numberRoleFromData('age', whole(brackets))).toBe('dimension');
  });

  it('reads the same kinds by name when no data is sampled', () => {
    expect(numberRoleFromName('Quantity', true)).toBe('measure');
    expect(numberRoleFromName('num_orders', true)).toBe('measure');
    expect(numberRoleFromName('order_id', true)).toBe('dimension');
  });
});

describe('profiles', () => {
  it('counts values, distinct values, span and wholeness, skipping nulls and blanks', () => {
    const profiles = profileColumns(
      [
        { name: 'n', type: 'BIGINT' },
        { name: 's', type: 'VARCHAR' },
      ],
      [
        [1, 'a'],
        [3, null],
        [null, ''],
        ['2', 'a'],
      ],
    );
    expect(profiles.n).toEqual({ count: 3, distinct: 3, min: 1, max: 3, integers: true, step: 1 });
    expect(profiles.s).toEqual({
      count: 2,
      distinct: 1,
      min: null,
      max: null,
      integers: false,
      step: 0,
    });
  });
});

describe('detectFields with profiles', () => {
  const columns = [
    { name: 'Year', type: 'BIGINT' },
    { name: 'Cylinders', type: 'BIGINT' },
    { name: 'Horsepower', type: 'DOUBLE' },
    { name: 'Origin', type: 'VARCHAR' },
    { name: 'made', type: 'DATE' },
  ];
  const rows = range(0, 99).map((i) => [
    1970 + (i % 13),
    [4, 6, 8][i % 3],
    80 + i * 1.5,
    ['USA', 'Japan'][i % 2],
    '2020-01-01',
  ]);

  it('makes a year of whole numbers time, few whole numbers dimensions', () => {
    const fields = detectFields(columns, profileColumns(columns, rows));
    expect(fields.map((field) => [field.name, field.type, field.role])).toEqual([
      ['Year', 'number', 'time'],
      ['Cylinders', 'number', 'dimension'],
      ['Horsepower', 'number', 'measure'],
      ['Origin', 'string', 'dimension'],
      ['made', 'date', 'time'],
    ]);
  });

  it('without data, falls back to names and types', () => {
    const fields = detectFields(columns);
    expect(fields.map((field) => field.role)).toEqual([
      'dimension',
      'measure',
      'measure',
      'dimension',
      'time',
    ]);
  });

  it("makes MySQL's YEAR type time", () => {
    expect(detectFields([{ name: 'y', type: 'YEAR' }])[0]).toMatchObject({
      type: 'number',
      role: 'time',
    });
  });
});
