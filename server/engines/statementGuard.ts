import { refusedError } from './queryError';
import { codeReadings, type CodeDialect } from './sqlCode';

// A first, cheap gate for PostgreSQL and MySQL user SQL: the statement must start with a
// read-only keyword. The real guards are at the source: a user that may only read
// (sourcePrivileges.ts) and the read-only transaction; this gate keeps session-changing
// statements (SET, COMMIT, USE, ...) away from pooled connections.

/** The keywords a read-only statement may start with, and how a refusal lists them. */
export interface ReadOnlyStatements {
  keywords: string[];
  shown: string;
}

const READ_ONLY_STATEMENTS: ReadOnlyStatements = {
  keywords: ['select', 'with', 'values', 'table', 'explain', 'show', 'describe', 'desc'],
  shown: 'SELECT, WITH, VALUES, TABLE, EXPLAIN, SHOW, DESCRIBE',
};

/**
 * The SQL without leading comments and whitespace, nor trailing semicolons and whitespace.
 * With MySQL's comment rules (`hashComments`) an executable comment (/*! … *\/) is code and
 * stays, as sqlCode.ts reads it too.
 */
export function trimStatement(sql: string, hashComments = false): string {
  const blockComment = hashComments ? /^\/\*(?!M?!)[\s\S]*?\*\// : /^\/\*[\s\S]*?\*\//;
  let text = sql;
  for (;;) {
    let next = text
      .replace(/^\s+/, '')
      .replace(/^--[^\n]*(\n|$)/, '')
      .replace(blockComment, '');
    if (hashComments) next = next.replace(/^#[^\n]*(\n|$)/, '');
    if (next === text) break;
    text = next;
  }
  return text.replace(/[\s;]+$/, '');
}

/** The statement's first word in lower case ('' when it starts with no letter). */
export function firstKeyword(sql: string, hashComments = false): string {
  const match = /^[A-Za-z]+/.exec(trimStatement(sql, hashComments));
  return match ? match[0].toLowerCase() : '';
}

/**
 * Throws a clear QueryError unless `sql` starts like a read-only statement (one of
 * `allowed`, PostgreSQL's and MySQL's by default); answers the statement, trimmed.
 */
export function requireReadOnlyStatement(
  sql: string,
  hashComments = false,
  allowed: ReadOnlyStatements = READ_ONLY_STATEMENTS,
): string {
  const trimmed = trimStatement(sql, hashComments);
  if (!trimmed) throw refusedError('The query is empty.');
  const keyword = firstKeyword(trimmed, hashComments);
  if (!allowed.keywords.includes(keyword)) {
    const shown = keyword ? keyword.toUpperCase() : trimmed.slice(0, 20);
    throw refusedError(
      `Only one read-only statement (${allowed.shown}) may run here; "${shown}" is not allowed.`,
    );
  }
  return trimmed;
}

// What a read-only transaction does not stop: reading or writing the database server's files,
// acting on other sessions, changing server or session settings from inside a SELECT, and
// running SQL held in a string (literals are blanked before these checks, so a function that
// runs SQL text is refused itself). This is the second layer: the first is a source user
// without those privileges (sourcePrivileges.ts), checked when the source is saved and used.
const OUTSIDE_REACH: Record<CodeDialect, { pattern: RegExp; what: string }[]> = {
  mysql: [
    { pattern: /\binto\b/i, what: 'SELECT … INTO writes files or variables' },
    { pattern: /\bload_file\s*\(/i, what: "it reads the server's files" },
    { pattern: /@+[\w$.]*|:=/, what: 'server and user variables may not be read or set' },
    {
      pattern: /\b(global|session|persisted)_(variables|status)\b|\bvariables_by_thread\b/i,
      what: "the server's settings are not shown",
    },
    {
      // SHOW VARIABLES names server paths, SHOW GRANTS the user's password hash.
      pattern:
        /^\s*show\s+(?!(full\s+)?(tables|columns|fields|index|indexes|keys|databases|schemas|table\s+status|create\s+(table|view)|triggers)\b)\w+/i,
      what: 'SHOW may list tables, columns, indexes and databases only',
    },
  ],
  postgres: [
    {
      pattern:
        /\b(pg_read_file|pg_read_binary_file|pg_stat_file|pg_ls_\w+|lo_\w+|loread|lowrite|pg_file_\w+|pg_logdir_ls)\s*\(/i,
      what: "functions that reach the server's files",
    },
    {
      pattern:
        /\b(pg_terminate_backend|pg_cancel_backend|pg_reload_conf|pg_rotate_logfile|pg_promote|set_config|pg_advisory\w*|pg_try_advisory\w*|pg_notify|pg_stat_reset\w*|pg_log_backend_memory_contexts)\s*\(/i,
      what: 'functions that act on the server, its settings or other sessions',
    },
    {
      pattern:
        /\b(query_to_xml\w*|query_to_xmlschema|cursor_to_xml\w*|database_to_xml\w*|schema_to_xml\w*|ts_stat|ts_rewrite|dblink\w*|crosstab\d*|connectby)\s*\(/i,
      what: 'functions that run SQL given as text',
    },
    {
      pattern: /\b(prepare|execute|deallocate)\b/i,
      what: 'PREPARE and EXECUTE run SQL from elsewhere',
    },
  ],
};

/** Throws a clear QueryError when `sql` reaches past the data it may read (see above). */
export function refuseOutsideReach(sql: string, dialect: CodeDialect): void {
  const readings = codeReadings(sql, dialect);
  for (const { pattern, what } of OUTSIDE_REACH[dialect]) {
    for (const code of readings) {
      const found = pattern.exec(code)?.[0];
      if (found) {
        throw refusedError(`"${found.replace(/\s*\($/, '')}" is not allowed here: ${what}.`);
      }
    }
  }
}
