import type { Insertable, Kysely } from 'kysely';
import type { ChartsTable, DashboardsTable } from '../db/dashboardSchema';
import type { DataSourcesTable, DatasetsTable } from '../db/analyticsSchema';
import type { PlatformTables } from '../db/platformSchema';
import type { AccountsTable, CompanyProfilesTable, Database, UsersTable } from '../db/schema';

// The first-start seed's reads and writes of the metadata store: it writes rows the features
// would refuse to (the first accounts, the platform's content, the demo warehouse's source).

export function hasAnyAccount(db: Kysely<Database>): Promise<boolean> {
  return db
    .selectFrom('accounts')
    .select('id')
    .limit(1)
    .executeTakeFirst()
    .then((row) => row !== undefined);
}

export async function insertSeedAccount(
  db: Kysely<Database>,
  values: Insertable<AccountsTable>,
): Promise<number> {
  const row = await db
    .insertInto('accounts')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertSeedUsers(db: Kysely<Database>, users: Insertable<UsersTable>[]) {
  await db.insertInto('users').values(users).execute();
}

export async function insertSeedProfile(
  db: Kysely<Database>,
  profile: Insertable<CompanyProfilesTable>,
) {
  await db.insertInto('company_profiles').values(profile).execute();
}

/** True when `table` of the platform's content has no row. */
export async function isEmptyTable(
  db: Kysely<PlatformTables>,
  table: keyof PlatformTables,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count) === 0;
}

/** Inserts rows of one of the platform's content tables. */
export async function insertContentRows<T extends keyof PlatformTables>(
  db: Kysely<PlatformTables>,
  table: T,
  rows: Insertable<PlatformTables[T]>[],
) {
  // Kysely cannot relate a table chosen by a type parameter to its rows.
  await db
    .insertInto(table)
    .values(rows as never)
    .execute();
}

/** True when the account has neither a chart nor a dashboard. */
export async function hasNoChartsOrDashboards(db: Kysely<Database>, accountId: number) {
  const chart = await db
    .selectFrom('charts')
    .select('id')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  const dashboard = await db
    .selectFrom('dashboards')
    .select('id')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return !chart && !dashboard;
}

/** The account's datasets named one of `names`. */
export function datasetsNamed(db: Kysely<Database>, accountId: number, names: string[]) {
  return db
    .selectFrom('datasets')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('name', 'in', names)
    .execute();
}

export async function insertSeedChart(
  db: Kysely<Database>,
  chart: Insertable<ChartsTable>,
): Promise<number> {
  const row = await db.insertInto('charts').values(chart).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertSeedDashboard(
  db: Kysely<Database>,
  dashboard: Insertable<DashboardsTable>,
) {
  await db.insertInto('dashboards').values(dashboard).execute();
}

export async function insertSeedSource(
  db: Kysely<Database>,
  source: Insertable<DataSourcesTable>,
): Promise<number> {
  const row = await db
    .insertInto('data_sources')
    .values(source)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertSeedDataset(db: Kysely<Database>, dataset: Insertable<DatasetsTable>) {
  await db.insertInto('datasets').values(dataset).execute();
}
