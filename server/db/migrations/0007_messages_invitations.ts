import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// Registrations' reasons and statuses, invitations, messages per account and their sending.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped database */

export async function up(db: Kysely<any>): Promise<void> {
  // Statuses are now pending, approved, rejected, completed.
  await db.schema.alterTable('registrations').addColumn('reject_reason', 'text').execute();
  await db
    .updateTable('registrations')
    .set({ status: 'completed' })
    .where('status', '=', 'accepted')
    .where('account_id', 'is not', null)
    .execute();
  await db
    .updateTable('registrations')
    .set({ status: 'approved' })
    .where('status', '=', 'accepted')
    .execute();
  await db.schema.createIndex('registrations_email').on('registrations').column('email').execute();

  // Every message the product sends, kept in the outbox of the account it belongs to
  // (messages to registrants belong to the platform account).
  await withId(db, db.schema.createTable('outbox_messages'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('outbox_messages_account_id_id')
    .on('outbox_messages')
    .columns(['account_id', 'id'])
    .execute();

  // Single-use links to /create-password/<token>; only the token's hash is kept.
  await withId(db, db.schema.createTable('invitations'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('invitations_user_id').on('invitations').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invitations').ifExists().execute();
  await db.schema.dropTable('outbox_messages').ifExists().execute();
  await db.schema.dropIndex('registrations_email').ifExists().execute();
  await db
    .updateTable('registrations')
    .set({ status: 'accepted' })
    .where('status', 'in', ['approved', 'completed'])
    .execute();
  await db.schema.alterTable('registrations').dropColumn('reject_reason').execute();
}
