import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The cheapest statement the metadata store can answer. */
export async function pingStore(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
