import { refusedError } from './queryError';

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

/** The SQL without leading comments and whitespace, nor trailing semicolons and whitespace. */
export function trimStatement(sql: string, hashComments = false): string {
  let text = sql;
  for (;;) {
    let next = text
      .replace(/^\s+/, '')
      .replace(/^--[^\n]*(\n|$)/, '')
      .replace(/^\/\*[\s\S]*?\*\//, '');
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
  const keyword = firstKeyword(trimmed);
  if (!READ_ONLY_KEYWORDS.includes(keyword)) {
    const shown = keyword ? keyword.toUpperCase() : trimmed.slice(0, 20);
    throw refusedError(
      'Only one read-only statement (SELECT, WITH, VALUES, TABLE, EXPLAIN, SHOW, DESCRIBE) ' +
        `may run here; "${shown}" is not allowed.`,
    );
  }
}
