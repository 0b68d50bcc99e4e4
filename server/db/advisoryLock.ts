import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';
import type { Database } from './schema';

/**
 * Runs `work` holding the PostgreSQL session lock `key`, on a connection of its own: the lock
 * goes with the connection if the process dies meanwhile. SQLite (one process) needs none.
 */
export async function underAdvisoryLock<T>(
  db: Kysely<Database>,
  key: number,
  work: () => Promise<T>,
): Promise<T> {
  if (!isPostgres(db)) return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${key})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}
