import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Runs `work` in one transaction of the metadata store; the features' repositories hand it on. */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(work);
}

/** Checks a write runs in its transaction before it writes (a free name, room in the plan). */
export type WriteChecks = (trx: Kysely<Database>) => Promise<void>;
