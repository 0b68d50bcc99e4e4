import type { Kysely } from 'kysely';
import type { SlotValues } from '../../db/queryTemplates';
import { nowIso, type Database } from '../../db/schema';
import type { TokenScope } from '../../db/schema';

// API tokens in the sessions table (kind 'api'), by owner. Never the token hash.

const COLUMNS = [
  'id',
  'label',
  'scope',
  'created_at',
  'last_used_at',
  'expires_at',
  'revoked_at',
] as const;

export interface TokenOwner {
  accountId: number;
  userId: number;
}

/** The owner's tokens: the base query of the list (`values` are the owner's). */
export function selectUserTokens(db: Kysely<Database>, values: SlotValues) {
  return db
    .selectFrom('sessions')
    .select(COLUMNS)
    .where('account_id', '=', values.accountId as number)
    .where('user_id', '=', values.userId as number)
    .where('kind', '=', 'api');
}

export function findUserToken(db: Kysely<Database>, owner: TokenOwner, id: number) {
  return selectUserTokens(db, { ...owner })
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface NewApiToken {
  tokenHash: string;
  label: string;
  scope: TokenScope;
  createdAt: string;
  expiresAt: string;
}

export function insertApiToken(db: Kysely<Database>, owner: TokenOwner, token: NewApiToken) {
  return db
    .insertInto('sessions')
    .values({
      token_hash: token.tokenHash,
      user_id: owner.userId,
      account_id: owner.accountId,
      kind: 'api',
      label: token.label,
      scope: token.scope,
      expires_at: token.expiresAt,
      revoked_at: null,
      created_at: token.createdAt,
      last_used_at: null,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Revokes the owner's token `id` if it is not revoked yet. */
export async function revokeUserToken(
  db: Kysely<Database>,
  owner: TokenOwner,
  id: number,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('id', '=', id)
    .where('account_id', '=', owner.accountId)
    .where('user_id', '=', owner.userId)
    .where('kind', '=', 'api')
    .where('revoked_at', 'is', null)
    .execute();
}
