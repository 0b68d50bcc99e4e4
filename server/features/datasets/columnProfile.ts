import type { QueryColumn } from '../../../common/analytics';

// What field detection needs to know of a column's data: how many values a sample holds,
// how many distinct, their span and whether they are all whole numbers. Computed in memory
// from the first rows of the table (one plain SELECT, the same in every dialect).

export interface ColumnProfile {
  /** Non-empty values in the sample. */
  count: number;
  /** Distinct non-empty values in the sample. */
  distinct: number;
  /** Numeric span of the values that read as finite numbers (none: null). */
  min: number | null;
  max: number | null;
  /** Every non-empty value is a whole number. */
  integers: boolean;
  /** Whole numbers: the largest step all values are apart by (5 for ages 0, 5, 10...); else 0. */
  step: number;
}

export type ColumnProfiles = Record<string, ColumnProfile>;

export const PROFILE_SAMPLE_ROWS = 10_000;

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

function profileOf(values: unknown[]): ColumnProfile {
  const seen = new Set<string>();
  let count = 0;
  let min: number | null = null;
  let max: number | null = null;
  let integers = true;
  let first: number | null = null;
  let step = 0;
  for (const value of values) {
    if (value === null || value === undefined || value === '') continue;
    count += 1;
    seen.add(typeof value === 'object' ? JSON.stringify(value) : String(value));
    const number = asNumber(value);
    if (number === null) {
      integers = false;
      continue;
    }
    if (!Number.isInteger(number)) integers = false;
    first ??= number;
    if (integers) step = greatestCommonDivisor(Math.abs(number - first), step);
    min = min === null ? number : Math.min(min, number);
    max = max === null ? number : Math.max(max, number);
  }
  const wholeNumbers = integers && count > 0;
  return {
    count,
    distinct: seen.size,
    min,
    max,
    integers: wholeNumbers,
    step: wholeNumbers ? step : 0,
  };
}

/** One profile per column from sampled rows (arrays in column order). */
export function profileColumns(columns: QueryColumn[], rows: unknown[][]): ColumnProfiles {
  const profiles: ColumnProfiles = {};
  columns.forEach((column, index) => {
    profiles[column.name] = profileOf(rows.map((row) => row[index]));
  });
  return profiles;
}
