import type { Selectable } from 'kysely';
import type { SessionsTable } from '../../db/schema';

// An API token row -> its API record (no hash).

type TokenRow = Pick<
  Selectable<SessionsTable>,
  'id' | 'label' | 'created_at' | 'last_used_at' | 'expires_at' | 'revoked_at' | 'scope'
>;

export function toApiToken(row: TokenRow) {
  return {
    id: row.id,
    label: row.label ?? '',
    scope: row.scope,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    revoked: row.revoked_at !== null,
  };
}
