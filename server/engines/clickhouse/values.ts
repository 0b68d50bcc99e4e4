import { jsonSafe, safeInteger } from '../jsonValues';
import { zonedTimestampToIso } from './zonedTimestamps';

// ClickHouse values (its JSONCompact output) made JSON-safe as on every connector: 64-bit and
// wider integers (sent quoted) a number when safe, else text; decimals numbers; Date as
// 'YYYY-MM-DD'; DateTime and DateTime64 ISO 8601 in UTC, read in their column's time zone or
// else the server's; Nullable as null; arrays element by element.

type Convert = (value: unknown) => unknown;

const WRAPPER = /^(?:Nullable|LowCardinality)\((.*)\)$/i;
const WIDE_INTEGER = /^U?Int(64|128|256)$/;
const DATE_TIME = /^DateTime(?:64)?(?:\((?:\d+\s*,\s*)?(?:'([^']*)')?\))?$/;

/**
 * The type inside Nullable(…) and LowCardinality(…), which say nothing of the values' kind
 * (Nullable(Date) holds dates); any other type as it is, trimmed.
 */
export function clickhouseInnerType(type: string): string {
  let inner = type.trim();
  for (let match = WRAPPER.exec(inner); match; match = WRAPPER.exec(inner)) inner = match[1].trim();
  return inner;
}

const wideInteger: Convert = (value) =>
  typeof value === 'string' || typeof value === 'number' ? safeInteger(value) : jsonSafe(value);

const decimal: Convert = (value) => {
  const number = Number(value);
  return typeof value === 'string' && Number.isFinite(number) ? number : jsonSafe(value);
};

function timestampIn(zone: string): Convert {
  return (value) =>
    typeof value === 'string' ? zonedTimestampToIso(value, zone) : jsonSafe(value);
}

/** The conversion of values of one ClickHouse column type; `serverZone` is timezone(). */
function clickhouseValueReader(type: string, serverZone: string): Convert {
  const inner = clickhouseInnerType(type);
  const array = /^Array\((.*)\)$/.exec(inner);
  if (array) {
    const element = clickhouseValueReader(array[1], serverZone);
    return (value) => (Array.isArray(value) ? value.map((item) => element(item)) : jsonSafe(value));
  }
  if (WIDE_INTEGER.test(inner)) return wideInteger;
  if (inner.startsWith('Decimal')) return decimal;
  const dateTime = DATE_TIME.exec(inner);
  if (dateTime) return timestampIn(dateTime[1] || serverZone);
  return jsonSafe;
}

/** Rows of JSONCompact arrays, each value converted by its column's reader (null stays null). */
export function clickhouseRows(
  rows: unknown[][],
  types: string[],
  serverZone: string,
): unknown[][] {
  const readers = types.map((type) => clickhouseValueReader(type, serverZone));
  return rows.map((row) =>
    row.map((value, index) => (value === null ? null : (readers[index] ?? jsonSafe)(value))),
  );
}
