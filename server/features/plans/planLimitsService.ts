import type { Kysely } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { WarehouseStore } from '../../engines/tenantWarehouse';
import { refused, type ApiError } from '../../errors';
import { countAccountRows, findPlanOfAccount, lockAccountRow } from './repository';

// The limits of an account's pricing plan and what the account uses of them. Every create of a
// limited thing asks assertWithinPlan in the transaction that inserts it: a refusal is a 403
// that names the plan and the limit, and nothing is written. A null limit, or an account
// without a plan, is unlimited.

type CountedLimit = 'users' | 'dashboards' | 'dataSources';

interface PlanLimits {
  maxUsers: number | null;
  maxDashboards: number | null;
  maxDataSources: number | null;
  maxStorageMb: number | null;
}

interface AccountPlan {
  id: number;
  name: string;
  limits: PlanLimits;
}

interface AccountUsage {
  users: number;
  dashboards: number;
  dataSources: number;
  /** Bytes of the account's warehouse (DuckDB file and its log, or ClickHouse parts). */
  storageBytes: number;
}

const MB = 1024 * 1024;

// Every user counts, active or not: an inactive or invited user can be activated at any time.
const COUNTED: Record<
  CountedLimit,
  { table: 'users' | 'dashboards' | 'data_sources'; max: keyof PlanLimits; noun: string }
> = {
  users: { table: 'users', max: 'maxUsers', noun: 'user' },
  dashboards: { table: 'dashboards', max: 'maxDashboards', noun: 'dashboard' },
  dataSources: { table: 'data_sources', max: 'maxDataSources', noun: 'data source' },
};

/** The account's plan and its limits; null when the account has none (no limits). */
export async function accountPlan(
  db: Kysely<Database>,
  accountId: number,
): Promise<AccountPlan | null> {
  const row = await findPlanOfAccount(db, accountId);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    limits: {
      maxUsers: row.max_users,
      maxDashboards: row.max_dashboards,
      maxDataSources: row.max_data_sources,
      maxStorageMb: row.max_storage_mb,
    },
  };
}

export async function accountUsage(
  db: Kysely<Database>,
  warehouses: WarehouseStore,
  accountId: number,
): Promise<AccountUsage> {
  return {
    users: await countAccountRows(db, 'users', accountId),
    dashboards: await countAccountRows(db, 'dashboards', accountId),
    dataSources: await countAccountRows(db, 'data_sources', accountId),
    storageBytes: await warehouses.storageBytes(accountId),
  };
}

function planRefusal(plan: AccountPlan, allowance: string): ApiError {
  return refused('plan-limit', `The ${plan.name} plan allows ${allowance}.`);
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * 403 when one more of `limit` would pass the account's plan. Call it inside the transaction
 * that inserts, so two creates at once cannot both pass on the last free place: on PostgreSQL
 * it locks the account's row until that transaction ends (FOR NO KEY UPDATE: rows that only
 * reference the account are not held up), while SQLite runs one transaction at a time.
 * Outside a transaction it only counts (an early answer before costly work).
 */
export async function assertWithinPlan(
  db: Kysely<Database>,
  accountId: number,
  limit: CountedLimit,
): Promise<void> {
  if (isPostgres(db) && db.isTransaction) {
    await lockAccountRow(db, accountId);
  }
  const plan = await accountPlan(db, accountId);
  const { table, max, noun } = COUNTED[limit];
  const allowed = plan?.limits[max];
  if (!plan || allowed === null || allowed === undefined) return;
  if ((await countAccountRows(db, table, accountId)) >= allowed) {
    throw planRefusal(plan, plural(allowed, noun));
  }
}

/** 403 when adding `addedBytes` to the account's warehouse would pass its plan's storage. */
export async function assertStorageWithinPlan(
  db: Kysely<Database>,
  warehouses: WarehouseStore,
  accountId: number,
  addedBytes: number,
): Promise<void> {
  const plan = await accountPlan(db, accountId);
  const allowedMb = plan?.limits.maxStorageMb;
  if (!plan || allowedMb === null || allowedMb === undefined) return;
  if ((await warehouses.storageBytes(accountId)) + addedBytes > allowedMb * MB) {
    throw planRefusal(plan, `${allowedMb} MB of storage`);
  }
}
