import type { DuckDBConnection, DuckDBPreparedStatement } from '@duckdb/node-api';

// Compiled chart SQL repeats: a dashboard asks the same statements again when the result
// cache expires, and filters change only the bound values. Each pooled connection keeps its
// recent prepared statements, so a repeat skips DuckDB's parse, bind and plan.
//
// A DuckDB plan is made from the statistics of the data at planning time (string lengths,
// value ranges), and DuckDB re-plans a prepared statement only when the catalog changes, not
// when rows are added: a plan made over an empty table then reads new rows wrongly. So kept
// statements belong to one data version of the warehouse (Warehouse.dataVersion) and are all
// dropped when it moves.

export const PREPARED_PER_CONNECTION = 32;

type Prepare = (connection: DuckDBConnection, sql: string) => Promise<DuckDBPreparedStatement>;

interface KeptStatements {
  dataVersion: number;
  /** Map order is recency order: the first key is the least recently used. */
  bySql: Map<string, DuckDBPreparedStatement>;
}

const kept = new WeakMap<DuckDBConnection, KeptStatements>();

function destroyAll(statements: KeptStatements): void {
  for (const statement of statements.bySql.values()) statement.destroySync();
  statements.bySql.clear();
}

/** The connection's statements made at `dataVersion`; those of an older version are dropped. */
function statementsAt(connection: DuckDBConnection, dataVersion: number): KeptStatements {
  let statements = kept.get(connection);
  if (!statements) {
    statements = { dataVersion, bySql: new Map() };
    kept.set(connection, statements);
  }
  if (statements.dataVersion !== dataVersion) {
    destroyAll(statements);
    statements.dataVersion = dataVersion;
  }
  return statements;
}

/**
 * The connection's prepared statement for `sql` planned at `dataVersion`, prepared (and
 * checked by `prepare`) on the first ask. The least recently used one beyond the bound is
 * destroyed. A connection runs one statement at a time, so a kept statement is never used
 * twice at once.
 */
export async function keptStatement(
  connection: DuckDBConnection,
  sql: string,
  dataVersion: number,
  prepare: Prepare,
): Promise<DuckDBPreparedStatement> {
  const { bySql } = statementsAt(connection, dataVersion);
  const found = bySql.get(sql);
  if (found) {
    bySql.delete(sql);
    bySql.set(sql, found);
    return found;
  }
  const prepared = await prepare(connection, sql);
  bySql.set(sql, prepared);
  if (bySql.size > PREPARED_PER_CONNECTION) {
    const [oldestSql, oldest] = bySql.entries().next().value!;
    bySql.delete(oldestSql);
    oldest.destroySync();
  }
  return prepared;
}

/** Drops every statement the connection keeps (a write overlapped a run, or a run failed). */
export function forgetStatements(connection: DuckDBConnection): void {
  const statements = kept.get(connection);
  if (statements) destroyAll(statements);
}

/** How many statements the connection keeps (tests). */
export function keptStatementCount(connection: DuckDBConnection): number {
  return kept.get(connection)?.bySql.size ?? 0;
}
