import { MySQL, PostgreSQL, SQLite, type SQLDialect } from '@codemirror/lang-sql';
import { LanguageSupport } from '@codemirror/language';
import type { SourceType } from '../../../common/analytics';
import type { SourceSchema } from '../../../common/api/sources';
import { sourceTypeInfo, type SourceTypeInfo } from '../../../common/sourceTypes';
import { explorerCompletion } from './sqlCompletion';

// The editor's SQL dialect per source type, as common/sourceTypes.ts names it, with the
// explorer's completion.

const HIGHLIGHTS: Record<SourceTypeInfo['editor']['highlight'], SQLDialect> = {
  postgres: PostgreSQL,
  mysql: MySQL,
  sqlite: SQLite,
};

export function dialectFor(type: SourceType | undefined): SQLDialect {
  return HIGHLIGHTS[sourceTypeInfo(type).editor.highlight];
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
