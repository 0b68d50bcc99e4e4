import type { Kysely } from 'kysely';

// Sign-out at the identity provider (RP-initiated logout): the ID token of a single sign-on
// rides from the callback to the session (sso_sign_ins.id_token), and is kept beside the
// session it opened (sso_sessions) to be sent as id_token_hint when that session signs out.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped database */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sso_sign_ins').addColumn('id_token', 'text').execute();
  await db.schema
    .createTable('sso_sessions')
    .addColumn('session_id', 'integer', (c) => c.notNull().primaryKey())
    .addColumn('id_token', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sso_sessions').execute();
  await db.schema.alterTable('sso_sign_ins').dropColumn('id_token').execute();
}
