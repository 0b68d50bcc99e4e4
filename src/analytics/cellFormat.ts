// How result values look in the grids: numbers right-aligned, null marked, objects as JSON.

const NUMERIC_TYPE =
  /^(tinyint|smallint|mediumint|int|integer|bigint|hugeint|ubigint|uinteger|usmallint|utinyint|uhugeint|int[248]|float[48]?|real|double|double precision|decimal|numeric|number)\b/i;

/** True for a column whose values are numbers (by its SQL type name). */
export function isNumericType(type: string): boolean {
  return NUMERIC_TYPE.test(type.trim());
}

/** The text of one cell; `null` and `undefined` are shown by the grid as a dimmed NULL. */
export function formatCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/**
 * A double's text without binary noise: 0.1 + 0.2 shows as 0.3, not 0.30000000000000004.
 * Every decimal of up to 15 significant digits survives a double exactly, so stored decimals
 * show as stored; integers are left whole (toPrecision would round the long ones).
 */
function formatNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return String(Number(value.toPrecision(15)));
}

/** Rows whose values size the columns: enough to see typical widths, cheap on 10,000 rows. */
export const WIDTH_SAMPLE_ROWS = 50;

/**
 * A column's width in pixels from its name, type and the longest of a few sample values
 * (timestamps need room), within sensible bounds.
 */
export function columnWidth(name: string, type: string, samples: unknown[] = []): number {
  const longestSample = samples.reduce<number>(
    (longest, value) => Math.max(longest, formatCell(value).length),
    0,
  );
  const base = Math.max(name.length, longestSample, isNumericType(type) ? 8 : 14) * 8 + 32;
  return Math.min(Math.max(base, 96), 320);
}
