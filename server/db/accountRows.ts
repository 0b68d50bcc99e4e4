import type { Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { notFound } from '../errors';
import { nowIso, type Database } from './schema';
import type { WriteChecks } from './transactions';

// The reads and writes by id every account-owned table has (charts, dashboards, datasets,
// sources): always scoped to the account, so another account's id reads as missing. Kysely
// cannot check a column of a table chosen by a type parameter, so the queries run against a
// table typed with only the columns all these tables share, under its real name, and the
// rows are typed back as the table's.

/** The tables with an id, an owning account and write stamps. */
export type AccountTable = 'charts' | 'dashboards' | 'datasets' | 'data_sources';

export type AccountRow<T extends AccountTable> = Selectable<Database[T]>;

interface OwnedColumns {
  id: Generated<number>;
  account_id: number;
  created_at: string;
  updated_at: string;
}

type Owned = Kysely<{ owned: OwnedColumns }>;

/** `db` seen as holding one table of the shared columns, and `table`'s name as that table's. */
function owned(db: Kysely<Database>, table: AccountTable): [Owned, 'owned'] {
  return [db as unknown as Owned, table as unknown as 'owned'];
}

/** The account's row `id` of `table`, or undefined. */
export function lookupAccountRow<T extends AccountTable>(
  db: Kysely<Database>,
  table: T,
  accountId: number,
  id: number,
): Promise<AccountRow<T> | undefined> {
  const [store, name] = owned(db, table);
  return store
    .selectFrom(name)
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst() as Promise<AccountRow<T> | undefined>;
}

/** The account's row `id` of `table`; 404 naming `what` when missing or another account's. */
export async function findAccountRow<T extends AccountTable>(
  db: Kysely<Database>,
  table: T,
  what: string,
  accountId: number,
  id: number,
): Promise<AccountRow<T>> {
  const row = await lookupAccountRow(db, table, accountId, id);
  if (!row) throw notFound(what);
  return row;
}

/** True when the account has a row of `table` named `name` other than `exceptId`. */
export async function accountNameTaken(
  db: Kysely<Database>,
  table: 'datasets' | 'data_sources',
  accountId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom(table)
    .select('id')
    .where('account_id', '=', accountId)
    .where('name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

/** Runs `write` in one transaction once `checks` passed in it (none: no transaction). */
export function checkedWrite<R>(
  db: Kysely<Database>,
  checks: WriteChecks | undefined,
  write: (trx: Kysely<Database>) => Promise<R>,
): Promise<R> {
  if (!checks) return write(db);
  return db.transaction().execute(async (trx) => {
    await checks(trx);
    return write(trx);
  });
}

type NewColumns<T extends AccountTable> = Omit<
  Insertable<Database[T]>,
  'account_id' | 'created_at' | 'updated_at'
>;

/** Inserts a row of the account, stamped now, once `checks` passed in the same transaction. */
export function insertAccountRow<T extends AccountTable>(
  db: Kysely<Database>,
  table: T,
  accountId: number,
  columns: NewColumns<T>,
  checks?: WriteChecks,
): Promise<AccountRow<T>> {
  const now = nowIso();
  const row = { ...columns, account_id: accountId, created_at: now, updated_at: now };
  return checkedWrite(db, checks, (trx) => {
    const [store, name] = owned(trx, table);
    return store.insertInto(name).values(row).returningAll().executeTakeFirstOrThrow();
  }) as Promise<AccountRow<T>>;
}

/** Updates the account's row `id`, stamped now, once `checks` passed in the same transaction. */
export function updateAccountRow<T extends AccountTable>(
  db: Kysely<Database>,
  table: T,
  accountId: number,
  id: number,
  columns: Updateable<Database[T]>,
  checks?: WriteChecks,
): Promise<AccountRow<T>> {
  const changes = { ...columns, updated_at: nowIso() } as Updateable<OwnedColumns>;
  return checkedWrite(db, checks, (trx) => {
    const [store, name] = owned(trx, table);
    return store
      .updateTable(name)
      .set(changes)
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }) as Promise<AccountRow<T>>;
}

/** Deletes the account's row `id` of `table` (nothing when another account owns it). */
export async function deleteAccountRow(
  db: Kysely<Database>,
  table: AccountTable,
  accountId: number,
  id: number,
): Promise<void> {
  const [store, name] = owned(db, table);
  await store.deleteFrom(name).where('id', '=', id).where('account_id', '=', accountId).execute();
}
