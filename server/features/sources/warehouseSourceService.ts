import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  findFirstDuckdbSource,
  findSourceNamesOfAccount,
  insertWarehouseSource,
  type DataSourceRow,
} from './repository';

// The tenant's own DuckDB warehouse is a data source of type duckdb: exactly one per account,
// created at first use (the data-source list, an upload, or the demo seed).

const WAREHOUSE_NAME = 'Warehouse';

export async function findWarehouseSource(
  db: Kysely<Database>,
  accountId: number,
): Promise<DataSourceRow | undefined> {
  return findFirstDuckdbSource(db, accountId);
}

/** The account's warehouse source, created (named `name`, or a free variant) when missing. */
export async function ensureWarehouseSource(
  db: Kysely<Database>,
  accountId: number,
  name = WAREHOUSE_NAME,
): Promise<DataSourceRow> {
  const existing = await findWarehouseSource(db, accountId);
  if (existing) return existing;
  const names = new Set(await findSourceNamesOfAccount(db, accountId));
  let free = name;
  for (let n = 2; names.has(free); n++) free = `${name} ${n}`;
  try {
    return await insertWarehouseSource(db, accountId, free);
  } catch (error) {
    // A concurrent first use created it (same name): use that one.
    const created = await findWarehouseSource(db, accountId);
    if (created) return created;
    throw error;
  }
}
