import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/schema';
import type { DataSourceRow } from './repository';

// The tenant's own DuckDB warehouse is a data source of type duckdb: exactly one per account,
// created at first use (the data-source list, an upload, or the demo seed).

const WAREHOUSE_NAME = 'Warehouse';

export async function findWarehouseSource(
  db: Kysely<Database>,
  accountId: number,
): Promise<DataSourceRow | undefined> {
  return db
    .selectFrom('data_sources')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('type', '=', 'duckdb')
    .orderBy('id')
    .executeTakeFirst();
}

/** The account's warehouse source, created (named `name`, or a free variant) when missing. */
export async function ensureWarehouseSource(
  db: Kysely<Database>,
  accountId: number,
  name = WAREHOUSE_NAME,
): Promise<DataSourceRow> {
  const existing = await findWarehouseSource(db, accountId);
  if (existing) return existing;
  const taken = await db
    .selectFrom('data_sources')
    .select('name')
    .where('account_id', '=', accountId)
    .execute();
  const names = new Set(taken.map((row) => row.name));
  let free = name;
  for (let n = 2; names.has(free); n++) free = `${name} ${n}`;
  const now = nowIso();
  try {
    return await db
      .insertInto('data_sources')
      .values({
        account_id: accountId,
        name: free,
        type: 'duckdb',
        config_json: '{}',
        password_enc: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    // A concurrent first use created it (same name): use that one.
    const created = await findWarehouseSource(db, accountId);
    if (created) return created;
    throw error;
  }
}
