import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// API token scopes and the audit log.
// Every existing session and token keeps full access ('read-write'); a 'read' token may only
// make GET/HEAD calls. The audit log keeps no foreign keys: its rows outlive the users and
// accounts they name.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('scope', 'varchar(16)', (col) => col.notNull().defaultTo('read-write'))
    .execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('account_id', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('username', 'varchar(64)', (col) => col.notNull())
    .addColumn('action', 'varchar(64)', (col) => col.notNull())
    .addColumn('resource', 'varchar(64)', (col) => col.notNull())
    .addColumn('record_id', 'varchar(64)')
    .addColumn('ip', 'varchar(64)', (col) => col.notNull())
    .addColumn('at', 'varchar(32)', (col) => col.notNull())
    .addColumn('detail', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_account_at')
    .on('audit_log')
    .columns(['account_id', 'at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').ifExists().execute();
  await db.schema.alterTable('sessions').dropColumn('scope').execute();
}
