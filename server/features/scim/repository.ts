import type { Kysely, Selectable, Updateable } from 'kysely';
import { nowIso, type Database, type UsersTable } from '../../db/schema';
import { revokeSignInSessions } from '../../db/sessions';

// Users and groups of an account as SCIM provisions them. A group carries a role; a user in
// groups has the strongest of their roles.

export type ScimUserRow = Pick<
  Selectable<UsersTable>,
  'id' | 'username' | 'full_name' | 'email' | 'active' | 'external_id' | 'created_at' | 'role'
>;

const USER_FIELDS = [
  'id',
  'username',
  'full_name',
  'email',
  'active',
  'external_id',
  'created_at',
  'role',
] as const;

export interface UserFilter {
  userName?: string;
  externalId?: string;
}

export async function listScimUsers(
  db: Kysely<Database>,
  accountId: number,
  filter: UserFilter,
  offset: number,
  limit: number,
): Promise<{ rows: ScimUserRow[]; total: number }> {
  let query = db.selectFrom('users').where('account_id', '=', accountId);
  if (filter.userName !== undefined) {
    const name = filter.userName.toLowerCase();
    query = query.where((eb) => eb(eb.fn('lower', ['username']), '=', name));
  }
  if (filter.externalId !== undefined) query = query.where('external_id', '=', filter.externalId);
  const { total } = await query
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await query.select(USER_FIELDS).orderBy('id').offset(offset).limit(limit).execute();
  return { rows, total: Number(total) };
}

export function findScimUser(db: Kysely<Database>, accountId: number, id: number) {
  return db
    .selectFrom('users')
    .select(USER_FIELDS)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function usernameTakenByOther(
  db: Kysely<Database>,
  accountId: number,
  username: string,
  exceptId: number | null,
): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where('account_id', '=', accountId)
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()));
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Applies the changes; a deactivation ends the user's sign-in sessions at once. */
export async function updateScimUser(
  db: Kysely<Database>,
  id: number,
  changes: Updateable<UsersTable>,
  deactivated: boolean,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (Object.keys(changes).length) {
      await trx.updateTable('users').set(changes).where('id', '=', id).execute();
    }
    if (deactivated) await revokeSignInSessions(trx, id, null);
  });
}

export async function removeFromGroups(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('scim_group_members').where('user_id', '=', userId).execute();
}

export interface GroupRow {
  id: number;
  display_name: string;
  external_id: string | null;
  role: string;
  created_at: string;
}

export async function listGroups(
  db: Kysely<Database>,
  accountId: number,
  displayName: string | undefined,
): Promise<GroupRow[]> {
  let query = db
    .selectFrom('scim_groups')
    .select(['id', 'display_name', 'external_id', 'role', 'created_at'])
    .where('account_id', '=', accountId);
  if (displayName !== undefined) query = query.where('display_name', '=', displayName);
  return query.orderBy('id').execute();
}

export function findGroup(db: Kysely<Database>, accountId: number, id: number) {
  return db
    .selectFrom('scim_groups')
    .select(['id', 'display_name', 'external_id', 'role', 'created_at'])
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertGroup(
  db: Kysely<Database>,
  accountId: number,
  group: { displayName: string; externalId: string | null; role: string },
): Promise<number> {
  const row = await db
    .insertInto('scim_groups')
    .values({
      account_id: accountId,
      display_name: group.displayName,
      external_id: group.externalId,
      role: group.role,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGroup(
  db: Kysely<Database>,
  id: number,
  group: { displayName: string; externalId: string | null; role: string },
): Promise<void> {
  await db
    .updateTable('scim_groups')
    .set({ display_name: group.displayName, external_id: group.externalId, role: group.role })
    .where('id', '=', id)
    .execute();
}

export async function deleteGroup(db: Kysely<Database>, id: number): Promise<number[]> {
  const members = await groupMemberIds(db, id);
  await db.deleteFrom('scim_group_members').where('group_id', '=', id).execute();
  await db.deleteFrom('scim_groups').where('id', '=', id).execute();
  return members;
}

export async function groupMembers(db: Kysely<Database>, groupId: number) {
  return db
    .selectFrom('scim_group_members')
    .innerJoin('users', 'users.id', 'scim_group_members.user_id')
    .select(['users.id', 'users.username'])
    .where('scim_group_members.group_id', '=', groupId)
    .orderBy('users.id')
    .execute();
}

async function groupMemberIds(db: Kysely<Database>, groupId: number): Promise<number[]> {
  return (await groupMembers(db, groupId)).map((member) => member.id);
}

export async function groupsOfUser(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('scim_group_members')
    .innerJoin('scim_groups', 'scim_groups.id', 'scim_group_members.group_id')
    .select(['scim_groups.id', 'scim_groups.display_name', 'scim_groups.role'])
    .where('scim_group_members.user_id', '=', userId)
    .orderBy('scim_groups.id')
    .execute();
}

export async function addMembers(db: Kysely<Database>, groupId: number, userIds: number[]) {
  for (const userId of userIds) {
    await db
      .insertInto('scim_group_members')
      .values({ group_id: groupId, user_id: userId })
      .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
      .execute();
  }
}

export async function removeMembers(db: Kysely<Database>, groupId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  await db
    .deleteFrom('scim_group_members')
    .where('group_id', '=', groupId)
    .where('user_id', 'in', userIds)
    .execute();
}

export async function removeAllMembers(db: Kysely<Database>, groupId: number): Promise<number[]> {
  const members = await groupMemberIds(db, groupId);
  await db.deleteFrom('scim_group_members').where('group_id', '=', groupId).execute();
  return members;
}

/** The users of `ids` that belong to the account. */
export async function accountUserIds(
  db: Kysely<Database>,
  accountId: number,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((row) => row.id);
}

export async function setRole(db: Kysely<Database>, userId: number, role: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ role })
    .where('id', '=', userId)
    .where('role', '!=', 'platform-admin')
    .execute();
}
