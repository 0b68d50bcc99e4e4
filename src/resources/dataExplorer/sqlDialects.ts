import { MySQL, PostgreSQL, SQLite, type SQLDialect } from '@codemirror/lang-sql';
import { LanguageSupport } from '@codemirror/language';
import type { SourceType } from '../../../common/analytics';
import type { SourceSchema } from '../../../common/api/sources';
import { explorerCompletion } from './sqlCompletion';

// The editor's SQL dialect per source type (DuckDB's SQL is close to PostgreSQL's; ClickHouse
// quotes names with backticks and escapes strings with backslashes, as MySQL) with the
// explorer's completion.

export function dialectFor(type: SourceType | undefined): SQLDialect {
  switch (type) {
    case 'mysql':
    case 'clickhouse':
      return MySQL;
    case 'sqlite':
      return SQLite;
    default:
      return PostgreSQL;
  }
}

/**
 * The editor's language: the source's dialect for highlighting, and the explorer's own
 * completion (columns of the statement's tables, dialect functions, fitting keywords) in
 * place of lang-sql's, which offers every keyword everywhere.
 */
export function sqlLanguage(type: SourceType | undefined, schema: SourceSchema | null) {
  const { language } = dialectFor(type);
  return new LanguageSupport(language, [
    language.data.of({ autocomplete: explorerCompletion({ schema, sourceType: type }) }),
  ]);
}
