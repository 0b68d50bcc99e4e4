import pg from 'pg';
import { isoTimestamp, naiveTimestampToIso, safeInteger } from '../jsonValues';

// PostgreSQL values parsed JSON-safe, the same way as the other connectors: int8 a number
// when safe, numeric a number, date as text, timestamps ISO 8601 UTC, intervals as text.

const builtin = pg.types.builtins;

const keepText = (text: string) => text;

const PARSERS: Record<number, (text: string) => unknown> = {
  [builtin.INT8]: (text) => safeInteger(text),
  [builtin.NUMERIC]: (text) => Number(text),
  [builtin.MONEY]: keepText,
  [builtin.DATE]: keepText,
  [builtin.TIME]: keepText,
  [builtin.TIMETZ]: keepText,
  [builtin.INTERVAL]: keepText,
  [builtin.BYTEA]: keepText,
  [builtin.TIMESTAMP]: (text) => (/^\d{4}-/.test(text) ? naiveTimestampToIso(text) : text),
  [builtin.TIMESTAMPTZ]: (text) => {
    const parsed = pg.types.getTypeParser(builtin.TIMESTAMPTZ, 'text')(text) as unknown;
    return parsed instanceof Date ? (isoTimestamp(parsed) ?? text) : text;
  },
};

export const jsonSafeTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    PARSERS[oid] ?? pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

const KNOWN_TYPE_NAMES = new Map<number, string>(
  Object.entries(builtin).map(([name, oid]) => [oid as number, name.toLowerCase()]),
);

/** Type names of result column oids; unknown ones (arrays, enums, domains) read from pg_type. */
export async function typeNames(
  oids: number[],
  lookup: (missing: number[]) => Promise<{ oid: number; typname: string }[]>,
  cache: Map<number, string>,
): Promise<string[]> {
  const missing = [...new Set(oids)].filter((oid) => !KNOWN_TYPE_NAMES.has(oid) && !cache.has(oid));
  if (missing.length > 0) {
    for (const row of await lookup(missing).catch(() => []))
      cache.set(Number(row.oid), row.typname);
  }
  return oids.map((oid) => KNOWN_TYPE_NAMES.get(oid) ?? cache.get(oid) ?? `oid ${oid}`);
}
