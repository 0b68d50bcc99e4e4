import type { DuckDBConnection } from '@duckdb/node-api';

// Which DuckDB functions tenant SQL may call: only those that read. Scalar, aggregate and
// window functions come from DuckDB's own catalog (duckdb_functions()), less the volatile ones
// (state, sleeping, logging) and a few that read settings or run SQL from text. Table
// functions are an explicit short list: every other one reads files, reads settings or
// changes the engine (read_csv, glob, enable_logging, checkpoint, query, pragma_*, ...).

/** Table functions that make rows from their arguments or from the warehouse's catalog. */
const TABLE_FUNCTIONS_THAT_READ = new Set([
  'range',
  'generate_series',
  'unnest',
  'json_each',
  'json_tree',
  'duckdb_tables',
  'duckdb_views',
  'duckdb_columns',
]);

/** Volatile scalar functions that only make values. */
const VOLATILE_THAT_READ = new Set([
  'random',
  'uuid',
  'gen_random_uuid',
  'uuidv4',
  'uuidv7',
  'error',
]);

/** Catalogued as consistent, yet they read settings or variables, parse or plan SQL, or sleep. */
const REFUSED_SCALARS = new Set([
  'current_setting',
  'getvariable',
  'json_serialize_sql',
  'json_deserialize_sql',
  'json_serialize_plan',
  'pg_sleep',
  'get_block_size',
]);

/** Names DuckDB's parser keeps as function calls though the catalog does not list them. */
const PARSER_FUNCTIONS = ['unnest', 'unlist'];

export interface FunctionCatalog {
  /** Scalar, aggregate and window functions a query may call (lower case). */
  scalars: ReadonlySet<string>;
  /** Every function name DuckDB knows, of any kind (lower case). */
  known: ReadonlySet<string>;
}

export function isTableFunctionThatReads(name: string): boolean {
  return TABLE_FUNCTIONS_THAT_READ.has(name.toLowerCase());
}

async function loadCatalog(connection: DuckDBConnection): Promise<FunctionCatalog> {
  const reader = await connection.runAndReadAll(
    `select lower(function_name),
       bool_and(has_side_effects is not true and stability is distinct from 'VOLATILE')
         filter (where function_type in ('scalar', 'aggregate', 'macro'))
     from duckdb_functions() group by 1`,
  );
  const scalars = new Set<string>(PARSER_FUNCTIONS);
  const known = new Set<string>(PARSER_FUNCTIONS);
  for (const [name, reads] of reader.getRowsJS()) {
    const lower = String(name);
    known.add(lower);
    if (reads === true || VOLATILE_THAT_READ.has(lower)) scalars.add(lower);
  }
  for (const name of REFUSED_SCALARS) scalars.delete(name);
  return { scalars, known };
}

let catalog: Promise<FunctionCatalog> | undefined;

/** The catalog of the DuckDB build this process runs, read once through `connection`. */
export function functionCatalog(connection: DuckDBConnection): Promise<FunctionCatalog> {
  if (!catalog) {
    catalog = loadCatalog(connection);
    catalog.catch(() => (catalog = undefined));
  }
  return catalog;
}
