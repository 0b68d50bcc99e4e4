import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type Dialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { Config } from '../config';
import { migrationProvider } from './migrations';
import { attachDataGeneration } from './dataGeneration';
import { createPrivateFile, makePrivate } from './privateFiles';
import { SqliteReadCache } from './readCache';
import { withStatementCache } from './statementCache';
import { attachWriteWatcher, TableWriteWatcher } from './tableWrites';
import type { Database } from './schema';

/** SQLite at DATA_DIR/brandboard.sqlite, or PostgreSQL when DATABASE_URL is set. */
export function createDb(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Kysely<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle client whose connection the server ends (a restart, an administrator) emits
    // 'error' on the pool; unhandled, that would crash the process. The pool replaces it.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL metadata store: idle connection lost (${error.message}).`);
    });
    return watched(new PostgresDialect({ pool }));
  }
  const path = join(config.dataDir, 'brandboard.sqlite');
  // SQLite gives its -wal and -shm files the mode of the database file: 0600 for all three.
  createPrivateFile(path);
  const file = new SQLite(path);
  file.pragma('journal_mode = WAL');
  makePrivate([path, `${path}-wal`, `${path}-shm`]);
  // Acknowledge writes only once they are on disk (docs/architecture.md §7).
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const reads = new SqliteReadCache(file);
  const db = watched(new SqliteDialect({ database: withStatementCache(file, reads) }));
  attachDataGeneration(db, () => reads.generation());
  return db;
}

/** A Kysely instance whose writes are counted per table (caches of metadata rows use it). */
function watched(dialect: Dialect): Kysely<Database> {
  const watcher = new TableWriteWatcher();
  const db = new Kysely<Database>({ dialect, plugins: [watcher] });
  attachWriteWatcher(db, watcher);
  return db;
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
}
