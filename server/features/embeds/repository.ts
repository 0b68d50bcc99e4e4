import type { Kysely, Selectable } from 'kysely';
import type { EmbedSecret } from '../../../common/api/embeds';
import type { EmbedSecretsTable } from '../../db/dashboardSchema';
import { nowIso, type Database } from '../../db/schema';

// Embedding secrets in the metadata store, encrypted; the API never answers one again after
// its creation.

export type EmbedSecretRow = Selectable<EmbedSecretsTable>;

export function toEmbedSecret(row: EmbedSecretRow): EmbedSecret {
  return { id: row.id, label: row.label, createdAt: row.created_at, revokedAt: row.revoked_at };
}

/** The account's secrets, newest first. */
export function secretsOf(db: Kysely<Database>, accountId: number): Promise<EmbedSecretRow[]> {
  return db
    .selectFrom('embed_secrets')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .execute();
}

export function findSecret(
  db: Kysely<Database>,
  accountId: number,
  id: number,
): Promise<EmbedSecretRow | undefined> {
  return db
    .selectFrom('embed_secrets')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function insertSecret(
  db: Kysely<Database>,
  secret: { accountId: number; label: string; secretEnc: string; createdBy: number },
): Promise<EmbedSecretRow> {
  return db
    .insertInto('embed_secrets')
    .values({
      account_id: secret.accountId,
      label: secret.label,
      secret_enc: secret.secretEnc,
      created_by: secret.createdBy,
      created_at: nowIso(),
      revoked_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function revokeSecret(db: Kysely<Database>, id: number): Promise<EmbedSecretRow> {
  return db
    .updateTable('embed_secrets')
    .set({ revoked_at: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
