import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { quoteIdentifier } from './ingestion';
import type { WarehouseColumn, WarehouseColumnType } from '../tenantWarehouse';

// Tables the server writes itself into a DuckDB warehouse (survey answers): created with their
// rows, and a row appended once per key. Values are bound parameters, cast to the column's type.

const DUCKDB_TYPES: Record<WarehouseColumnType, string> = {
  text: 'VARCHAR',
  double: 'DOUBLE',
  date: 'DATE',
  timestamp: 'TIMESTAMP',
  bigint: 'BIGINT',
};

/** DuckDB reads an ISO timestamp without its zone designator as UTC wall time. */
function valueOf(column: WarehouseColumn, value: unknown): unknown {
  if (column.type === 'timestamp' && typeof value === 'string') return value.replace('Z', '');
  return value;
}

function castValues(columns: WarehouseColumn[]): string {
  return columns.map((c, i) => `CAST($${i + 1} AS ${DUCKDB_TYPES[c.type]})`).join(', ');
}

const namesOf = (columns: WarehouseColumn[]) =>
  columns.map((c) => quoteIdentifier(c.name)).join(', ');

export async function countTables(connection: DuckDBConnection): Promise<number> {
  const reader = await connection.runAndReadAll(
    "select count(*) from duckdb_tables() where schema_name = 'main'",
  );
  return Number(reader.getRowsJS()[0][0]);
}

export async function replaceTable(
  connection: DuckDBConnection,
  table: string,
  columns: WarehouseColumn[],
  rows: unknown[][],
): Promise<void> {
  const name = `main.${quoteIdentifier(table)}`;
  const defined = columns.map((c) => `${quoteIdentifier(c.name)} ${DUCKDB_TYPES[c.type]}`);
  await connection.run('begin transaction');
  try {
    await connection.run(`create or replace table ${name} (${defined.join(', ')})`);
    const insert = `insert into ${name} (${namesOf(columns)}) values (${castValues(columns)})`;
    for (const row of rows) {
      await connection.run(
        insert,
        row.map((value, i) => valueOf(columns[i], value)) as DuckDBValue[],
      );
    }
    await connection.run('commit');
  } catch (error) {
    await connection.run('rollback').catch(() => undefined);
    throw error;
  }
}

export async function appendRowOnce(
  connection: DuckDBConnection,
  table: string,
  columns: WarehouseColumn[],
  row: unknown[],
  key: string,
): Promise<boolean> {
  const reader = await connection.runAndReadAll(
    `select column_name from duckdb_columns() where schema_name = 'main' and table_name = $1`,
    [table],
  );
  const present = reader.getRowsJS().map(([name]) => String(name));
  if (present.length === 0) return false;
  const name = `main.${quoteIdentifier(table)}`;
  if (!present.includes(key)) {
    await connection.run(`alter table ${name} add column ${quoteIdentifier(key)} BIGINT`);
  }
  const keyAt = columns.findIndex((c) => c.name === key);
  const keyValue = `CAST($${keyAt + 1} AS BIGINT)`;
  await connection.run(
    `insert into ${name} (${namesOf(columns)}) select ${castValues(columns)} ` +
      `where not exists (select 1 from ${name} where ${quoteIdentifier(key)} = ${keyValue})`,
    row.map((value, i) => valueOf(columns[i], value)) as DuckDBValue[],
  );
  return true;
}
