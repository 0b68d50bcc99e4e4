import type { Database as SqliteFile, Statement } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { LRUCache } from 'lru-cache';
import { SqliteReadCache } from './readCache';
import { rowObjectBuilder } from './rowObjects';

/** Distinct SQL texts kept prepared; Kysely's texts are stable per query shape. */
const DEFAULT_STATEMENT_CACHE_SIZE = 500;

/**
 * A reading statement that fetches rows as arrays and names them in JS: better-sqlite3
 * builds each row object through V8's API, which costs more than the query itself for a page
 * of rows. Same objects as better-sqlite3's (rowObjects.ts).
 */
function rowsAsObjects(statement: Statement, sql: string, cache: SqliteReadCache): SqliteStatement {
  const toObject = rowObjectBuilder(statement.columns().map((column) => column.name));
  const raw = statement.raw(true);
  const asObjects = (rows: unknown[][]) => {
    const objects = new Array<Record<string, unknown>>(rows.length);
    for (let r = 0; r < rows.length; r++) objects[r] = toObject(rows[r]);
    return objects;
  };
  return {
    reader: true,
    all(parameters) {
      const values = parameters as unknown[];
      const readRows = () => raw.all(values) as unknown[][];
      if (statement.readonly) return asObjects(cache.read(sql, values, readRows));
      // A write that returns rows (INSERT … RETURNING) runs every time and empties the cache.
      cache.noteWrite();
      try {
        return asObjects(readRows());
      } finally {
        cache.noteWrite();
      }
    },
    run: () => {
      throw new Error('A reading statement does not run.');
    },
    *iterate(parameters) {
      for (const row of raw.iterate(parameters as unknown[]) as Iterable<unknown[]>) {
        yield toObject(row);
      }
    },
  };
}

const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

interface Prepared {
  statement: Statement;
  facade: SqliteStatement;
}

/** A statement that changes something (or opens or ends a transaction): it empties the read cache. */
function changing(statement: Statement, cache: SqliteReadCache): SqliteStatement {
  return {
    reader: false,
    all: (parameters) => statement.all(parameters as unknown[]),
    run(parameters) {
      cache.noteWrite();
      try {
        return statement.run(parameters as unknown[]);
      } finally {
        cache.noteWrite();
      }
    },
    iterate: (parameters) => statement.iterate(parameters as unknown[]),
  };
}

function prepare(file: SqliteFile, sql: string, cache: SqliteReadCache): Prepared {
  const statement = file.prepare(sql);
  const facade = statement.reader
    ? rowsAsObjects(statement, sql, cache)
    : changing(statement, cache);
  return { statement, facade };
}

/**
 * The better-sqlite3 database as Kysely's SqliteDialect sees it, with `prepare` answered
 * from a bounded LRU cache keyed by SQL text: Kysely's SQLite driver prepares every query
 * afresh, and preparing costs about as much as running a small query. A schema change made
 * through it (CREATE, ALTER, DROP) empties the cache, since readers know their columns.
 */
export function withStatementCache(
  file: SqliteFile,
  cache: SqliteReadCache,
  capacity = DEFAULT_STATEMENT_CACHE_SIZE,
): SqliteDatabase {
  const statements = new LRUCache<string, Prepared>({ max: capacity });
  return {
    close: () => {
      statements.clear();
      file.close();
    },
    prepare: (sql: string) => {
      const cached = statements.get(sql);
      if (cached) {
        // A statement still being iterated (a streamed query) cannot run again meanwhile.
        if (cached.statement.busy) return prepare(file, sql, cache).facade;
        return cached.facade;
      }
      const prepared = prepare(file, sql, cache);
      // Cached readers know their result columns: a schema change (migrations) forgets them.
      if (SCHEMA_CHANGE.test(sql)) {
        statements.clear();
        return prepared.facade;
      }
      statements.set(sql, prepared);
      return prepared.facade;
    },
  };
}
