import { StatementType, type DuckDBConnection } from '@duckdb/node-api';
import { functionCatalog } from './readingFunctions';
import { refusalInStatement, type Refusal, type Relation } from './statementTree';
import { positionAt, QueryError, refusedError } from '../queryError';
import { trimStatement } from '../statementGuard';

// Whether a statement only reads, decided from DuckDB itself before it is prepared (binding
// already reads files: read_csv sniffs, a replacement scan opens the file): its parse tree
// (json_serialize_sql, which serialises SELECTs only, DESCRIBE, SHOW and SUMMARIZE among them)
// with every function and relation in it checked (statementTree.ts); EXPLAIN (ANALYZE) is
// checked by the SELECT it explains. A SELECT's type alone proves nothing:
// `select * from enable_logging(...)` is a SELECT.

const NOT_READ_ONLY =
  'Only one read-only statement (SELECT, WITH, DESCRIBE, SHOW, SUMMARIZE, EXPLAIN) may run here.';

const EXPLAIN = /^explain\s+(?:analy[sz]e\s+)?/i;

interface CheckedText {
  sql: string;
  /** Where `sql` starts in the statement as written (characters). */
  offset: number;
}

/** What an EXPLAIN (ANALYZE) runs, or null when `sql` is no EXPLAIN. */
function explained(sql: string): CheckedText | null {
  const trimmed = trimStatement(sql);
  const prefix = EXPLAIN.exec(trimmed);
  if (!prefix) return null;
  const start = sql.replace(/[\s;]+$/, '').length - trimmed.length;
  return { sql: trimmed.slice(prefix[0].length), offset: start + prefix[0].length };
}

interface SerializedSql {
  error?: boolean;
  error_message?: string;
  statements?: { node?: unknown }[];
}

async function parseTree(connection: DuckDBConnection, sql: string): Promise<SerializedSql> {
  const reader = await connection.runAndReadAll('select json_serialize_sql($1::varchar)', [sql]);
  return JSON.parse(String(reader.getRowsJS()[0][0])) as SerializedSql;
}

async function warehouseRelations(connection: DuckDBConnection): Promise<Relation[]> {
  const reader = await connection.runAndReadAll(
    `select lower(database_name), lower(schema_name), lower(table_name)
     from duckdb_tables() where not internal
     union all
     select lower(database_name), lower(schema_name), lower(view_name)
     from duckdb_views() where not internal`,
  );
  return reader.getRowsJS().map(([catalog, schema, name]) => ({
    catalog: String(catalog),
    schema: String(schema),
    name: String(name),
  }));
}

function notReadOnly(sql: string): QueryError {
  const pivot = /\bpivot\b/i.test(sql)
    ? ' A PIVOT needs the values it turns into columns listed: ON column IN (...).'
    : '';
  return refusedError(NOT_READ_ONLY + pivot);
}

function refusalError(refusal: Refusal, checked: CheckedText, sql: string): QueryError {
  if (refusal.location === undefined) return refusedError(refusal.message);
  const before = Buffer.from(checked.sql).subarray(0, refusal.location).toString();
  const position = positionAt(sql, checked.offset + before.length);
  return new QueryError(refusal.message, { kind: 'refused', ...position });
}

/** The SELECT to check (the statement, or the one its EXPLAIN runs) and its parse tree. */
async function selectTree(connection: DuckDBConnection, sql: string) {
  const whole = { sql, offset: 0 };
  const tree = await parseTree(connection, sql);
  if (!tree.error) return { checked: whole, tree };
  const inner = explained(sql);
  if (!inner) throw notReadOnly(sql);
  const innerTree = await parseTree(connection, inner.sql);
  if (innerTree.error) throw notReadOnly(sql);
  return { checked: inner, tree: innerTree };
}

/**
 * Refuses (400, naming what is refused) a statement that does more than read the warehouse's
 * own tables: a statement that is no SELECT, nor an EXPLAIN of one; a function that is not a
 * reading one; a table function that reads files or changes the engine; a name that is no
 * table of the warehouse (DuckDB would read a file of that name). Runs before the statement
 * is prepared.
 */
export async function requireOnlyReads(connection: DuckDBConnection, sql: string): Promise<void> {
  const { checked, tree } = await selectTree(connection, sql);
  const statements = tree.statements ?? [];
  if (statements.length !== 1) {
    throw refusedError(`Only one statement may run at a time; found ${statements.length}.`);
  }
  const context = {
    functions: await functionCatalog(connection),
    relations: await warehouseRelations(connection),
  };
  const refusal = refusalInStatement(statements[0].node, context);
  if (refusal) throw refusalError(refusal, checked, sql);
}

/** The prepared statement's own type, checked again: a SELECT or an EXPLAIN. */
export function requireReadingType(type: StatementType): void {
  if (type !== StatementType.SELECT && type !== StatementType.EXPLAIN) {
    throw refusedError(NOT_READ_ONLY);
  }
}
