import { isYearName, isYearValue } from '../charts/format';

// How result values look in the grids, as in Superset's SQL Lab: numbers grouped in the
// reader's locale and right-aligned, dates and timestamps as 'YYYY-MM-DD HH:MM:SS' (UTC, as
// the server sends them), binary data as its size, objects as JSON, null marked by the grid.

const NUMERIC_TYPE =
  /^(tinyint|smallint|mediumint|int|integer|bigint|hugeint|ubigint|uinteger|usmallint|utinyint|uhugeint|int[248]|float[48]?|real|double|double precision|decimal|numeric|number)\b/i;
const BINARY_TYPE = /^(blob|bytea|binary|varbinary|tinyblob|mediumblob|longblob|bit varying)\b/i;
const TEMPORAL_TYPE = /date|time/i;
/** Identifiers read wrong with grouping (1,234 as an id); years too, by isYearName. */
const IDENTIFIER_NAME = /(^|_)id$|[a-z]Id$|(^|[^A-Za-z])ID$/;
const ISO_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(\.\d+)?Z$/;
/** How the server sends binary values: `\x` and the bytes in hex. */
const HEX_BYTES = /^\\x((?:[0-9a-f]{2})*)$/i;
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** True for a column whose values are numbers (by its SQL type name). */
export function isNumericType(type: string): boolean {
  return NUMERIC_TYPE.test(type.trim());
}

/** The column facts a cell's text depends on. */
interface CellColumn {
  name?: string;
  type?: string;
}

/** The text of one cell; `null` and `undefined` are shown by the grid as a dimmed NULL. */
export function formatCell(value: unknown, column: CellColumn = {}, locale?: string): string {
  if (value === null || value === undefined) return '';
  const type = column.type?.trim() ?? '';
  const name = column.name ?? '';
  const grouped = !IDENTIFIER_NAME.test(name) && !(isYearName(name) && isYearValue(Number(value)));
  if (typeof value === 'number') return formatNumber(value, grouped, locale);
  if (typeof value === 'bigint') return grouped ? value.toLocaleString(locale) : String(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return readableTimestamp(value.toISOString());
  if (typeof value === 'string') return formatText(value, type, grouped, locale);
  return JSON.stringify(value);
}

function formatText(value: string, type: string, grouped: boolean, locale?: string): string {
  const bytes = HEX_BYTES.exec(value);
  if (bytes && (BINARY_TYPE.test(type) || type === '')) return binarySize(bytes[1].length / 2);
  if (TEMPORAL_TYPE.test(type) || type === '') {
    if (ISO_TIMESTAMP.test(value)) return readableTimestamp(value);
  }
  // Integers beyond 2^53 and exact decimals come as text; grouped without losing digits.
  if (grouped && isNumericType(type) && DECIMAL_TEXT.test(value)) {
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 20 }).format(
      value as unknown as number,
    );
  }
  return value;
}

function binarySize(bytes: number): string {
  return `<binary ${bytes.toLocaleString('en')} ${bytes === 1 ? 'byte' : 'bytes'}>`;
}

/** '2024-03-05T14:07:00.000Z' as '2024-03-05 14:07:00'; fractions kept when not zero. */
function readableTimestamp(iso: string): string {
  const match = ISO_TIMESTAMP.exec(iso);
  if (!match) return iso;
  const fraction = match[3] && /[1-9]/.test(match[3]) ? match[3].replace(/0+$/, '') : '';
  return `${match[1]} ${match[2]}${fraction}`;
}

/** A shorter text within this share of the value is the value without its binary noise. */
const NOISE = 1e-13;

/**
 * A double as its fewest significant digits (at most 15) within NOISE of it: a stored
 * decimal keeps every digit (7.123456789012), the noise of arithmetic goes (0.1 + 0.2 is
 * 0.3, a sum's 437608.542000001 is 437608.542).
 */
export function withoutNoise(value: number): number {
  if (Number.isInteger(value)) return value;
  for (let digits = 1; digits < 15; digits++) {
    const shorter = Number(value.toPrecision(digits));
    if (Math.abs(shorter - value) <= Math.abs(value) * NOISE) return shorter;
  }
  return Number(value.toPrecision(15));
}

/** A double's text without binary noise, grouped unless told otherwise; integers stay whole. */
function formatNumber(value: number, grouped: boolean, locale?: string): string {
  if (!Number.isFinite(value)) return String(value);
  const exact = withoutNoise(value);
  return new Intl.NumberFormat(locale, {
    maximumFractionDigits: 20,
    useGrouping: grouped,
  }).format(exact);
}

/** Rows whose values size the columns: enough to see typical widths, cheap on 10,000 rows. */
export const WIDTH_SAMPLE_ROWS = 50;

/**
 * A column's width in pixels from its name, type and the longest of a few sample values
 * (timestamps need room), within sensible bounds.
 */
export function columnWidth(name: string, type: string, samples: unknown[] = []): number {
  const longestSample = samples.reduce<number>(
    (longest, value) => Math.max(longest, formatCell(value, { name, type }).length),
    0,
  );
  const base = Math.max(name.length, longestSample, isNumericType(type) ? 8 : 14) * 8 + 32;
  return Math.min(Math.max(base, 96), 320);
}
