import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// What the upload routes ask the metadata store.

/** Names of the account's datasets over warehouse table `table` of source `sourceId`. */
export async function datasetNamesOfTable(
  db: Kysely<Database>,
  accountId: number,
  sourceId: number,
  table: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('datasets')
    .select('name')
    .where('account_id', '=', accountId)
    .where('source_id', '=', sourceId)
    .where('table_name', '=', table)
    .execute();
  return rows.map((row) => row.name);
}
