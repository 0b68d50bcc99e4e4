import { refusedError } from './queryError';
import { codeReadings, type CodeDialect } from './sqlCode';

// A first, cheap gate for PostgreSQL and MySQL user SQL: the statement must start with a
// read-only keyword. The real guard is the read-only transaction at the source; this gate
// keeps session-changing statements (SET, COMMIT, USE, ...) away from pooled connections.

const READ_ONLY_KEYWORDS = [
  'select',
  'with',
  'values',
  'table',
  'explain',
  'show',
  'describe',
  'desc',
];

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

export function firstKeyword(sql: string, hashComments = false): string {
  const match = /^[A-Za-z]+/.exec(trimStatement(sql, hashComments));
  return match ? match[0].toLowerCase() : '';
}

/** Throws a clear QueryError unless `sql` starts like a read-only statement. */
export function requireReadOnlyStatement(sql: string, hashComments = false): void {
  const trimmed = trimStatement(sql, hashComments);
  if (!trimmed) throw refusedError('The query is empty.');
  const keyword = firstKeyword(trimmed, hashComments);
  if (!READ_ONLY_KEYWORDS.includes(keyword)) {
    const shown = keyword ? keyword.toUpperCase() : trimmed.slice(0, 20);
    throw refusedError(
      'Only one read-only statement (SELECT, WITH, VALUES, TABLE, EXPLAIN, SHOW, DESCRIBE) ' +
        `may run here; "${shown}" is not allowed.`,
    );
  }
}

// What a read-only transaction does not stop: reading or writing the database server's files,
// acting on other sessions, changing server or session settings from inside a SELECT.
const OUTSIDE_REACH: Record<CodeDialect, { pattern: RegExp; what: string }[]> = {
  mysql: [
    { pattern: /\binto\b/i, what: 'SELECT … INTO writes files or variables' },
    { pattern: /\bload_file\s*\(/i, what: "it reads the server's files" },
  ],
  postgres: [
    {
      pattern:
        /\b(pg_read_file|pg_read_binary_file|pg_stat_file|pg_ls_\w+|lo_\w+|pg_file_\w+)\s*\(/i,
      what: "functions that reach the server's files",
    },
    {
      pattern:
        /\b(pg_terminate_backend|pg_cancel_backend|pg_reload_conf|pg_rotate_logfile|pg_promote|set_config|dblink\w*)\s*\(/i,
      what: 'functions that act on the server, its settings or other sessions',
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
