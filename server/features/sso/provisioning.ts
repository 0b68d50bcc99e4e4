import type { Kysely } from 'kysely';
import type { SsoError } from '../../../common/api/sso';
import { ApiError } from '../../errors';
import { nowIso, type Database } from '../../db/schema';
import { insertUser, isUsernameTaken } from '../users/repository';
import type { MappedUser } from './claimMapping';
import { findSsoUser, updateSsoUser } from './repository';

// The user of a single sign-on: found by the provider's subject (or, the first time, by user
// name, so a user made by an admin or by SCIM is linked), else created within the plan; the
// role and attributes follow the provider's claims at every sign-in.

export type Provisioned = { userId: number } | { error: SsoError };

export async function provisionUser(
  db: Kysely<Database>,
  accountId: number,
  mapped: MappedUser,
): Promise<Provisioned> {
  const existing = await findSsoUser(db, accountId, mapped.subject, mapped.username);
  const changes = {
    role: mapped.role,
    attributes_json: JSON.stringify(mapped.attributes),
    sso_subject: mapped.subject,
    full_name: mapped.fullName,
    ...(mapped.email && { email: mapped.email }),
  };
  if (existing) {
    if (!existing.active) return { error: 'inactive' };
    // Platform admins keep their role: no identity provider of a tenant gives or takes it.
    if (existing.role === 'platform-admin') return { userId: existing.id };
    await updateSsoUser(db, existing.id, changes);
    return { userId: existing.id };
  }
  const taken = await isUsernameTaken(db, accountId, mapped.username);
  const username = taken ? `${mapped.username}-${mapped.subject}`.slice(0, 200) : mapped.username;
  try {
    const { row } = await insertUser(
      db,
      {
        ...changes,
        account_id: accountId,
        username,
        email: mapped.email,
        active: 1,
        password_hash: '',
        created_at: nowIso(),
      },
      async () => null,
    );
    return { userId: row.id };
  } catch (error) {
    if (error instanceof ApiError && error.refusal === 'plan-limit') return { error: 'plan-limit' };
    throw error;
  }
}
