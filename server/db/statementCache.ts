import type { Database as SqliteFile, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct SQL texts kept prepared; Kysely's texts are stable per query shape. */
export const DEFAULT_STATEMENT_CACHE_SIZE = 500;

/**
 * The better-sqlite3 database as Kysely's SqliteDialect sees it, with `prepare` answered
 * from a bounded LRU cache keyed by SQL text: Kysely's SQLite driver prepares every query
 * afresh, and preparing costs about as much as running a small query. SQLite re-prepares a
 * cached statement itself after a schema change, so cached statements stay correct.
 */
export function withStatementCache(
  file: SqliteFile,
  capacity = DEFAULT_STATEMENT_CACHE_SIZE,
): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    close: () => {
      statements.clear();
      file.close();
    },
    prepare: (sql: string) => {
      const cached = statements.get(sql);
      if (cached) {
        // A statement still being iterated (a streamed query) cannot run again meanwhile.
        if (cached.busy) return file.prepare(sql);
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = file.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > capacity) {
        statements.delete(statements.keys().next().value as string);
      }
      return statement;
    },
  };
}
