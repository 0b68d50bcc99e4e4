import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// The plan routes' reads of the metadata store (the `pricing` resource's are contentCrud's).

/** The active pricing plans, in their order. */
export function findActivePlans(db: Kysely<Database>) {
  return db
    .selectFrom('pricing_plans')
    .selectAll()
    .where('active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}
