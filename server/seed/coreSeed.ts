import type { Kysely } from 'kysely';
import { PLATFORM_SITE, type Role } from '../../common/types';
import { hashPassword } from '../services/passwords';
import type { Config } from '../config';
import { drawDemoLogo } from './demoLogo';
import { nowIso, type Database } from '../db/schema';
import { inTransaction } from '../db/transactions';
import {
  hasAnyAccount,
  insertSeedAccount,
  insertSeedProfile,
  insertSeedUsers,
} from './seedRepository';

// First-start data (docs/architecture.md §3): the platform account and the demo tenant `acme`.

export const DEMO_SITE = 'acme';

interface SeedUser {
  username: string;
  fullName: string;
  role: Role;
  active: boolean;
}

const PLATFORM_USERS: SeedUser[] = [
  { username: 'admin', fullName: 'Platform Administrator', role: 'platform-admin', active: true },
];

const DEMO_USERS: SeedUser[] = [
  { username: 'admin', fullName: 'Ada Admin', role: 'admin', active: true },
  { username: 'editor', fullName: 'Eddie Editor', role: 'editor', active: true },
  { username: 'viewer', fullName: 'Vera Viewer', role: 'viewer', active: true },
  { username: 'inactive', fullName: 'Ines Inactive', role: 'viewer', active: false },
];

async function insertAccount(
  db: Kysely<Database>,
  values: { site: string; name: string; plan: string },
): Promise<number> {
  return insertSeedAccount(db, { ...values, active: 1, created_at: nowIso() });
}

async function insertUsers(
  db: Kysely<Database>,
  accountId: number,
  site: string,
  users: SeedUser[],
  passwordHash: string,
): Promise<void> {
  await insertSeedUsers(
    db,
    users.map((user) => ({
      account_id: accountId,
      username: user.username,
      full_name: user.fullName,
      email: `${user.username}@${site === PLATFORM_SITE ? 'brandboard' : site}.example`,
      role: user.role,
      active: Number(user.active),
      password_hash: passwordHash,
      created_at: nowIso(),
    })),
  );
}

/** Seeds only when there is no account yet; answers whether it seeded. */
export async function seedIfEmpty(
  db: Kysely<Database>,
  config: Pick<Config, 'demoPassword' | 'scrypt'>,
): Promise<boolean> {
  if (await hasAnyAccount(db)) return false;
  // One hash for every demo user: they share the demo password, and hashing is slow on purpose.
  const passwordHash = await hashPassword(config.demoPassword, config.scrypt);
  await inTransaction(db, async (trx) => {
    const platformId = await insertAccount(trx, {
      site: PLATFORM_SITE,
      name: 'Brandboard',
      plan: 'platform',
    });
    await insertUsers(trx, platformId, PLATFORM_SITE, PLATFORM_USERS, passwordHash);
    const acmeId = await insertAccount(trx, {
      site: DEMO_SITE,
      name: 'Acme Analytics',
      plan: 'team',
    });
    await insertUsers(trx, acmeId, DEMO_SITE, DEMO_USERS, passwordHash);
    await insertSeedProfile(trx, {
      account_id: acmeId,
      name: 'Acme Analytics',
      website: 'acme.example',
      primary_color: '#1565c0',
      secondary_color: '#ff8f00',
      logo: drawDemoLogo(),
      logo_mime: 'image/png',
    });
  });
  return true;
}
