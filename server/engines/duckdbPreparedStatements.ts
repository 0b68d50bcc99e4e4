import type { DuckDBConnection, DuckDBPreparedStatement } from '@duckdb/node-api';

// Compiled chart SQL repeats: a dashboard asks the same statements again when the result
// cache expires, and filters change only the bound values. Each pooled connection keeps its
// recent prepared statements, so a repeat skips DuckDB's parse, bind and plan. DuckDB
// re-plans a kept statement by itself when the catalog has changed since (a table replaced by
// an upload), and answers a catalog error when its table is gone.

export const PREPARED_PER_CONNECTION = 32;

type Prepare = (connection: DuckDBConnection, sql: string) => Promise<DuckDBPreparedStatement>;

const kept = new WeakMap<DuckDBConnection, Map<string, DuckDBPreparedStatement>>();

function statementsOf(connection: DuckDBConnection): Map<string, DuckDBPreparedStatement> {
  let statements = kept.get(connection);
  if (!statements) {
    statements = new Map();
    kept.set(connection, statements);
  }
  return statements;
}

/**
 * The connection's prepared statement for `sql`, prepared (and checked by `prepare`) on the
 * first ask. The least recently used one beyond the bound is destroyed. A connection runs one
 * statement at a time, so a kept statement is never used twice at once.
 */
export async function keptStatement(
  connection: DuckDBConnection,
  sql: string,
  prepare: Prepare,
): Promise<DuckDBPreparedStatement> {
  const statements = statementsOf(connection);
  const found = statements.get(sql);
  if (found) {
    statements.delete(sql);
    statements.set(sql, found);
    return found;
  }
  const prepared = await prepare(connection, sql);
  statements.set(sql, prepared);
  if (statements.size > PREPARED_PER_CONNECTION) {
    const [oldestSql, oldest] = statements.entries().next().value!;
    statements.delete(oldestSql);
    oldest.destroySync();
  }
  return prepared;
}

/** Drops the connection's statement for `sql` (its run failed: it is not kept for the next). */
export function forgetStatement(connection: DuckDBConnection, sql: string): void {
  const statements = kept.get(connection);
  const found = statements?.get(sql);
  if (!found) return;
  statements!.delete(sql);
  found.destroySync();
}

/** How many statements the connection keeps (tests). */
export function keptStatementCount(connection: DuckDBConnection): number {
  return kept.get(connection)?.size ?? 0;
}
