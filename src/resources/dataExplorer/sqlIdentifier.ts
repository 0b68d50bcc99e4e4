import type { SourceType } from '../../../common/analytics';

/**
 * A name as it must be written in SQL: plain when the dialect reads it unchanged, else quoted
 * (backticks on MySQL and ClickHouse, double quotes elsewhere). PostgreSQL folds unquoted names
 * to lower case, so mixed case is quoted there; DuckDB, MySQL and SQLite match names
 * case-insensitively, and ClickHouse keeps them as written.
 */
export function sqlIdentifier(name: string, type: SourceType | undefined): string {
  const plain = type === 'postgres' ? /^[a-z_][a-z0-9_]*$/ : /^[A-Za-z_][A-Za-z0-9_]*$/;
  if (plain.test(name)) return name;
  if (type === 'mysql' || type === 'clickhouse') return `\`${name.replace(/`/g, '``')}\``;
  return `"${name.replace(/"/g, '""')}"`;
}
