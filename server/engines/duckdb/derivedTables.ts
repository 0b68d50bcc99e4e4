import type { DuckDBConnection } from '@duckdb/node-api';
import { quoteIdentifier } from './ingestion';

// Tables the server derives from a tenant's own tables with SQL it wrote itself (rollups,
// query/rollups/): created or partly rewritten in one transaction, so readers see the old
// rows or the new ones, never a half-written table.

async function inTransaction(connection: DuckDBConnection, statements: string[]): Promise<void> {
  await connection.run('begin transaction');
  try {
    for (const statement of statements) await connection.run(statement);
    await connection.run('commit');
  } catch (error) {
    await connection.run('rollback');
    throw error;
  }
}

/** (Re)creates `table` as the rows `select` answers. */
export function createTableAs(
  connection: DuckDBConnection,
  table: string,
  select: string,
): Promise<void> {
  return inTransaction(connection, [
    `create or replace table main.${quoteIdentifier(table)} as ${select}`,
  ]);
}

/** Replaces the rows of `table` where `where` holds with the rows `select` answers. */
export function replaceRowsWhere(
  connection: DuckDBConnection,
  table: string,
  where: string,
  select: string,
): Promise<void> {
  const name = `main.${quoteIdentifier(table)}`;
  return inTransaction(connection, [
    `delete from ${name} where ${where}`,
    `insert into ${name} ${select}`,
  ]);
}
