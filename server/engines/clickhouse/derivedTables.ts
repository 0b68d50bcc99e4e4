import type { ClickHouseClient } from '@clickhouse/client';
import {
  putInPlace,
  quoteLiteralCh,
  quoteName,
  temporaryName,
  type ClickhouseTarget,
} from './ingestion';

// Tables the server derives from a tenant's own tables with SQL it wrote itself (rollups,
// query/rollups/), in the tenant's ClickHouse database: written under a temporary name, then
// put in place of the old one, so readers see the old rows or the new ones. The SQL names the
// tenant's tables as their own queries do, so it runs on a client whose current database is
// theirs (as the administrator: the tenant's own user only reads).

/** Opens a client of the administrator whose current database is the tenant's. */
export type TenantDatabaseClient = () => Promise<ClickHouseClient>;

async function inTenantDatabase(open: TenantDatabaseClient, statement: string): Promise<void> {
  const client = await open();
  try {
    await client.command({ query: statement });
  } finally {
    await client.close();
  }
}

async function loadInPlace(
  target: ClickhouseTarget,
  open: TenantDatabaseClient,
  table: string,
  select: string,
) {
  const loading = temporaryName('derived');
  try {
    await inTenantDatabase(
      open,
      `CREATE TABLE ${quoteName(target.database)}.${quoteName(loading)} ` +
        `ENGINE = MergeTree ORDER BY tuple() AS ${select}`,
    );
    await putInPlace(target, loading, table);
  } catch (error) {
    await target.client
      .command({
        query: `DROP TABLE IF EXISTS ${quoteName(target.database)}.${quoteName(loading)}`,
      })
      .catch(() => undefined);
    throw error;
  }
}

/** (Re)creates `table` as the rows `select` answers. */
export function createTableAs(
  target: ClickhouseTarget,
  open: TenantDatabaseClient,
  table: string,
  select: string,
) {
  return loadInPlace(target, open, table, select);
}

/** Replaces the rows of `table` where `where` holds with the rows `select` answers. */
export function replaceRowsWhere(
  target: ClickhouseTarget,
  open: TenantDatabaseClient,
  table: string,
  where: string,
  select: string,
) {
  const kept = `SELECT * FROM ${quoteName(table)} WHERE NOT coalesce((${where}), 0)`;
  return loadInPlace(target, open, table, `${kept}\nUNION ALL\n${select}`);
}

/** Bytes of the table's active parts on disk. */
export async function tableBytes(target: ClickhouseTarget, table: string): Promise<number> {
  const result = await target.client.query({
    query:
      'SELECT sum(bytes_on_disk) FROM system.parts WHERE active AND database = ' +
      `${quoteLiteralCh(target.database)} AND table = ${quoteLiteralCh(table)}`,
    format: 'JSONCompact',
  });
  const { data } = (await result.json()) as { data: [[string | number | null]] };
  return Number(data[0][0] ?? 0);
}
