import {
  MySQL,
  PostgreSQL,
  SQLite,
  sql,
  type SQLDialect,
  type SQLNamespace,
} from '@codemirror/lang-sql';
import type { SourceType } from '../../model/analytics';
import type { SourceSchema } from '../../analytics/analyticsApi';

// The editor's SQL dialect per source type (DuckDB's SQL is close to PostgreSQL's), schema
// completion, and identifier quoting for names inserted from the schema browser.

export function dialectFor(type: SourceType | undefined): SQLDialect {
  switch (type) {
    case 'mysql':
      return MySQL;
    case 'sqlite':
      return SQLite;
    default:
      return PostgreSQL;
  }
}

/** Tables with their columns (name + type as detail) for @codemirror/lang-sql completion. */
export function completionSchema(schema: SourceSchema | null): SQLNamespace {
  const namespace: Record<string, SQLNamespace> = {};
  for (const table of schema?.tables ?? []) {
    namespace[table.name] = table.columns.map((column) => ({
      label: column.name,
      type: 'property',
      detail: column.type,
    }));
  }
  return namespace;
}

/** The editor's language: the source's dialect, completing its tables and columns. */
export function sqlLanguage(type: SourceType | undefined, schema: SourceSchema | null) {
  return sql({
    dialect: dialectFor(type),
    schema: completionSchema(schema),
    upperCaseKeywords: true,
  });
}

/**
 * A name as it must be written in SQL: plain when the dialect reads it unchanged, else quoted
 * (backticks on MySQL, double quotes elsewhere). PostgreSQL folds unquoted names to lower
 * case, so mixed case is quoted there; DuckDB, MySQL and SQLite match names case-insensitively.
 */
export function sqlIdentifier(name: string, type: SourceType | undefined): string {
  const plain = type === 'postgres' ? /^[a-z_][a-z0-9_]*$/ : /^[A-Za-z_][A-Za-z0-9_]*$/;
  if (plain.test(name)) return name;
  if (type === 'mysql') return `\`${name.replace(/`/g, '``')}\``;
  return `"${name.replace(/"/g, '""')}"`;
}
