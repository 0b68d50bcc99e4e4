import type { QueryResult } from '../../common/analytics';
import type { CompiledColumn } from './compile/compileSemanticQuery';

// Semantic query answers look the same whatever the source: column types are the dataset's
// field types, numbers are numbers (not the decimal strings some drivers give), booleans
// are booleans (not 0/1), and time-grain dates are 'YYYY-MM-DD'.

const MIDNIGHT_ISO = /^(\d{4}-\d{2}-\d{2})[T ]00:00:00(?:\.0+)?(?:Z|[+-]00:?00)?$/;

function numberValue(value: unknown): unknown {
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    // Integers beyond 2^53 stay text rather than lose digits.
    if (Number.isFinite(number) && (!Number.isInteger(number) || Number.isSafeInteger(number))) {
      return number;
    }
  }
  if (typeof value === 'bigint')
    return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
  return value;
}

function booleanValue(value: unknown): unknown {
  if (value === 0 || value === 1) return value === 1;
  if (value === '0' || value === '1') return value === '1';
  return value;
}

const NAIVE_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

/** Grain dates as 'YYYY-MM-DD'; timestamps (SQLite keeps them as naive text) ISO in UTC. */
function dateValue(value: unknown, isGrain: boolean): unknown {
  if (value instanceof Date) value = value.toISOString();
  if (typeof value !== 'string') return value;
  if (isGrain) {
    const match = MIDNIGHT_ISO.exec(value);
    return match ? match[1] : value;
  }
  if (NAIVE_TIMESTAMP.test(value)) {
    const parsed = new Date(`${value.replace(' ', 'T')}Z`);
    if (!Number.isNaN(parsed.getTime())) return parsed.toISOString();
  }
  return value;
}

function normaliser(column: CompiledColumn): (value: unknown) => unknown {
  switch (column.type) {
    case 'number':
      return numberValue;
    case 'boolean':
      return booleanValue;
    case 'date':
      return (value) => dateValue(value, column.grain !== undefined);
    default:
      return (value) => value;
  }
}

/** The connector's answer with typed columns and values normalised across dialects. */
export function normaliseSemanticResult(
  result: QueryResult,
  columns: CompiledColumn[],
): QueryResult {
  const convert = columns.map(normaliser);
  return {
    ...result,
    columns: columns.map(({ name, type, goodDirection }) =>
      goodDirection ? { name, type, goodDirection } : { name, type },
    ),
    rows: result.rows.map((row) =>
      row.map((value, index) => (value === null ? null : (convert[index]?.(value) ?? value))),
    ),
  };
}
