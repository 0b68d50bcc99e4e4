import type { Insertable, Kysely, Updateable } from 'kysely';
import type { AccountsTable, Database } from '../../db/schema';

// Accounts rows, and the deletion of everything an account owns.

export function selectAccounts(db: Kysely<Database>) {
  return db.selectFrom('accounts').selectAll();
}

export function findAccountRow(db: Kysely<Database>, id: number) {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function isSiteTaken(db: Kysely<Database>, site: string): Promise<boolean> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('site', '=', site)
    .executeTakeFirst();
  return row !== undefined;
}

export function insertAccount(db: Kysely<Database>, values: Insertable<AccountsTable>) {
  return db.insertInto('accounts').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateAccount(
  db: Kysely<Database>,
  id: number,
  changes: Updateable<AccountsTable>,
): Promise<void> {
  await db.updateTable('accounts').set(changes).where('id', '=', id).execute();
}

/** Deletes the account and every row it owns in one transaction; answers its source ids. */
export async function deleteAccountRows(
  db: Kysely<Database>,
  accountId: number,
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const sources = await trx
      .selectFrom('data_sources')
      .select('id')
      .where('account_id', '=', accountId)
      .execute();
    await trx.deleteFrom('share_links').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('embed_secrets').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('dashboards').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('charts').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('row_policies').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('datasets').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('data_sources').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('activation_tokens').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('invitations').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('outbox_messages').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('sessions').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('account_milestones').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('users').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('company_profiles').where('account_id', '=', accountId).execute();
    await trx
      .updateTable('registrations')
      .set({ account_id: null })
      .where('account_id', '=', accountId)
      .execute();
    await trx.deleteFrom('accounts').where('id', '=', accountId).execute();
    return sources.map((source) => source.id);
  });
}
