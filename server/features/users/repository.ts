import {
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { SlotValues } from '../../db/queryTemplates';
import type { Database, UsersTable } from '../../db/schema';
import { revokeSignInSessions } from '../../db/sessions';
import { assertWithinPlan } from '../plans/planLimitsService';

// Users rows: shared by the users section, the profile (me) and the invitations.

/** An invited user has no password yet (an empty hash), whatever `active` says. */
const INVITED = sql<number>`case when ${sql.ref('users.password_hash')} = '' then 1 else 0 end`;

/** What a ManagedUser record is made of (toListedUser); never the password hash itself. */
export const USER_COLUMNS = [
  'users.id',
  'users.username',
  'users.full_name',
  'users.email',
  'users.role',
  'users.active',
  'users.account_id',
  'users.attributes_json',
  'users.language',
  INVITED.as('invited'),
] as const;

export function findUserRow(db: Kysely<Database>, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The users a caller sees, with their site: every account's (`everyone`) or one account's. */
export function selectUsers(db: Kysely<Database>, everyone: boolean, values: SlotValues) {
  const query = db.selectFrom('users').select(USER_COLUMNS);
  if (everyone) {
    const site = sql<string>`(select ${sql.ref('accounts.site')} from ${sql.table('accounts')}
      where ${sql.ref('accounts.id')} = ${sql.ref('users.account_id')})`;
    return query.select(site.as('site'));
  }
  return query
    .select(sql<string>`${values.site}`.as('site'))
    .where('users.account_id', '=', values.accountId as number);
}

export function findVisibleUser(
  db: Kysely<Database>,
  everyone: boolean,
  values: SlotValues,
  id: number,
) {
  return selectUsers(db, everyone, values).where('users.id', '=', id).executeTakeFirst();
}

/** Whether another user of the account (not `exceptId`) has the user name. */
export async function isUsernameTaken(
  db: Kysely<Database>,
  accountId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where('account_id', '=', accountId)
    .where('username', '=', name);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export type UserRow = Selectable<UsersTable>;

/**
 * Inserts a user (within the account's plan) and runs `then` in the same transaction, e.g. to
 * invite them; answers the row and what `then` answered.
 */
export function insertUser<T>(
  db: Kysely<Database>,
  values: Insertable<UsersTable>,
  then: (trx: Transaction<Database>, row: UserRow) => Promise<T>,
): Promise<{ row: UserRow; then: T }> {
  return db.transaction().execute(async (trx) => {
    await assertWithinPlan(trx, values.account_id, 'users');
    const row = await trx
      .insertInto('users')
      .values(values)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row, then: await then(trx, row) };
  });
}

/** Runs `work` on the user's row in a transaction (for a new invitation). */
export function withUserRow<T>(
  db: Kysely<Database>,
  id: number,
  work: (trx: Transaction<Database>, row: UserRow) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return work(trx, row);
  });
}

/**
 * Applies the changes; a new password or a deactivation (`endSessions`) also ends the user's
 * sign-in sessions, but `keepSessionId`.
 */
export async function updateUser(
  db: Kysely<Database>,
  id: number,
  changes: Updateable<UsersTable>,
  endSessions: { keepSessionId: number | null } | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (Object.keys(changes).length) {
      await trx.updateTable('users').set(changes).where('id', '=', id).execute();
    }
    if (endSessions) await revokeSignInSessions(trx, id, endSessions.keepSessionId);
  });
}

/** Deletes the user with their activation tokens, invitations and sessions. */
export async function deleteUser(db: Kysely<Database>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('activation_tokens').where('user_id', '=', id).execute();
    await trx.deleteFrom('invitations').where('user_id', '=', id).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    await trx.deleteFrom('users').where('id', '=', id).execute();
  });
}
