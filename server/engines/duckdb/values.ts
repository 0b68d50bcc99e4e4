import { DuckDBTypeId, type DuckDBResultReader } from '@duckdb/node-api';
import type { QueryColumn } from '../../../common/analytics';
import { isoDate, jsonSafe } from '../jsonValues';

// DuckDB result values made JSON-safe: dates 'YYYY-MM-DD', timestamps ISO in UTC, big integers
// as strings beyond 2^53; TIME, INTERVAL, UUID and the like as DuckDB prints them.

const PRINTED_TYPES = new Set<DuckDBTypeId>([
  DuckDBTypeId.TIME,
  DuckDBTypeId.TIME_TZ,
  DuckDBTypeId.TIME_NS,
  DuckDBTypeId.INTERVAL,
  DuckDBTypeId.UUID,
  DuckDBTypeId.BIT,
  DuckDBTypeId.ENUM,
]);

export function duckdbColumns(reader: DuckDBResultReader): QueryColumn[] {
  return reader.columnNames().map((name, index) => ({
    name,
    type: reader.columnType(index).toString(),
  }));
}

/** At most `limit` rows of the reader, as arrays of JSON-safe values. */
export function duckdbRows(reader: DuckDBResultReader, limit: number): unknown[][] {
  const count = Math.min(reader.currentRowCount, limit);
  const typeIds = reader.columnNames().map((_, index) => reader.columnTypeId(index));
  const converters = typeIds.map((typeId, column) => {
    if (PRINTED_TYPES.has(typeId)) {
      return (row: number) => {
        const value = reader.value(column, row);
        return value === null ? null : String(value);
      };
    }
    return null;
  });
  const jsRows = reader.getRowsJS();
  const rows: unknown[][] = new Array(count);
  for (let row = 0; row < count; row++) {
    const source = jsRows[row];
    const out: unknown[] = new Array(typeIds.length);
    for (let column = 0; column < typeIds.length; column++) {
      const converter = converters[column];
      if (converter) out[column] = converter(row);
      else if (typeIds[column] === DuckDBTypeId.DATE && source[column] instanceof Date) {
        out[column] = isoDate(source[column] as Date);
      } else out[column] = jsonSafe(source[column]);
    }
    rows[row] = out;
  }
  return rows;
}
