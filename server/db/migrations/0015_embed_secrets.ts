import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// Embedding secrets of each account: the keys its backend signs embed tokens with, encrypted
// at rest (the server needs them to check a signature). Several may be alive while one is
// rotated out; a revoked one signs nothing any more.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped database */

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('embed_secrets'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('embed_secrets_account')
    .on('embed_secrets')
    .column('account_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('embed_secrets').execute();
}
