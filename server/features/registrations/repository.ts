import type { Kysely, Selectable, Updateable } from 'kysely';
import { DEFAULT_BRAND_COLORS } from '../../../common/brand';
import { nowIso, type Database } from '../../db/schema';
import type { RegistrationsTable } from '../../db/platformSchema';
import { RESERVED_SITES } from '../../services/reservedSites';
export { inTransaction } from '../../db/transactions';

// The registration routes' reads and writes of the metadata store.

type Db = Kysely<Database>;
export type RegistrationRow = Selectable<RegistrationsTable>;

/** A site is taken when used by an account or asked for by a registration not rejected. */
export async function isSiteTaken(db: Db, site: string): Promise<boolean> {
  if (RESERVED_SITES.has(site)) return true;
  if (await isSiteOwned(db, site)) return true;
  const registration = await db
    .selectFrom('registrations')
    .select('id')
    .where('site', '=', site)
    .where('status', '!=', 'rejected')
    .executeTakeFirst();
  return registration !== undefined;
}

/** An e-mail is taken when a user has it or a registration not rejected asked with it. */
export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  const lower = email.toLowerCase();
  const user = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', lower))
    .executeTakeFirst();
  if (user) return true;
  const registration = await db
    .selectFrom('registrations')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', lower))
    .where('status', '!=', 'rejected')
    .executeTakeFirst();
  return registration !== undefined;
}

/** True when an account uses the site. */
export async function isSiteOwned(db: Db, site: string): Promise<boolean> {
  const account = await db
    .selectFrom('accounts')
    .select('id')
    .where('site', '=', site)
    .executeTakeFirst();
  return account !== undefined;
}

export async function insertPendingRegistration(
  db: Db,
  input: { companyName: string; site: string; fullName: string; email: string; username: string },
): Promise<number> {
  const registration = await db
    .insertInto('registrations')
    .values({
      company_name: input.companyName,
      site: input.site,
      full_name: input.fullName,
      email: input.email,
      username: input.username,
      token_hash: null,
      status: 'pending',
      plan_id: null,
      account_id: null,
      created_at: nowIso(),
      reject_reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return registration.id;
}

export function findRegistrationByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<RegistrationRow | undefined> {
  return db
    .selectFrom('registrations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function findRegistrationById(db: Db, id: number): Promise<RegistrationRow | undefined> {
  return db.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The registrations as a list source (listQuery). */
export function registrationsBase(db: Db) {
  return db.selectFrom('registrations').selectAll();
}

export function deleteRegistration(db: Db, id: number): Promise<RegistrationRow | undefined> {
  return db.deleteFrom('registrations').where('id', '=', id).returningAll().executeTakeFirst();
}

type DecisionChanges = Pick<
  Updateable<RegistrationsTable>,
  'status' | 'token_hash' | 'reject_reason'
>;

/** Changes a registration whose account does not exist yet; undefined when it does. */
export function decideRegistration(
  db: Db,
  id: number,
  changes: DecisionChanges,
): Promise<RegistrationRow | undefined> {
  return db
    .updateTable('registrations')
    .set(changes)
    .where('id', '=', id)
    .where('account_id', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Back to pending, without its pricing link. */
export function reopenRegistration(db: Db, id: number): Promise<RegistrationRow> {
  return db
    .updateTable('registrations')
    .set({ status: 'pending', token_hash: null, reject_reason: null })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findActivePlan(db: Db, planId: number) {
  return db
    .selectFrom('pricing_plans')
    .select(['id', 'name'])
    .where('id', '=', planId)
    .where('active', '=', 1)
    .executeTakeFirst();
}

/**
 * Marks the registration completed with its plan, unless an account was made from it
 * already; false then (a concurrent second use matches no row).
 */
export async function claimRegistration(db: Db, id: number, planId: number): Promise<boolean> {
  const claimed = await db
    .updateTable('registrations')
    .set({ status: 'completed', plan_id: planId })
    .where('id', '=', id)
    .where('account_id', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/**
 * The account of a registration: the account, its company profile and an inactive admin
 * without password; the registration points at the account. Answers the ids made.
 */
export async function insertRegisteredAccount(
  db: Db,
  registration: RegistrationRow,
  plan: { id: number; name: string },
): Promise<{ accountId: number; userId: number }> {
  const now = nowIso();
  const account = await db
    .insertInto('accounts')
    .values({
      site: registration.site,
      name: registration.company_name,
      plan: plan.name,
      plan_id: plan.id,
      active: 1,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('company_profiles')
    .values({
      account_id: account.id,
      name: registration.company_name,
      website: '',
      primary_color: DEFAULT_BRAND_COLORS.primary,
      secondary_color: DEFAULT_BRAND_COLORS.secondary,
      logo: null,
      logo_mime: null,
    })
    .execute();
  const user = await db
    .insertInto('users')
    .values({
      account_id: account.id,
      username: registration.username,
      full_name: registration.full_name,
      email: registration.email,
      role: 'admin',
      active: 0,
      // No password until the activation step; an empty hash never verifies.
      password_hash: '',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('registrations')
    .set({ account_id: account.id })
    .where('id', '=', registration.id)
    .execute();
  return { accountId: account.id, userId: user.id };
}
