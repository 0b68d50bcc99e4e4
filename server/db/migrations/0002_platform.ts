import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { withId } from '../dialect';

// Platform content and the registration flow: registrations, pricing plans, info pages,
// messages, help sections and activation tokens. Portable between SQLite and PostgreSQL.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped database */

const flag = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0);

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('registrations'))
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('site', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('plan_id', 'integer')
    .addColumn('account_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('registrations_site').on('registrations').column('site').execute();
  await db.schema
    .createIndex('registrations_token_hash')
    .unique()
    .on('registrations')
    .column('token_hash')
    .execute();

  await withId(db, db.schema.createTable('pricing_plans'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_monthly', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('highlighted', 'integer', flag)
    .addColumn('active', 'integer', flag)
    .addColumn('sort_order', 'integer', flag)
    .execute();

  await withId(db, db.schema.createTable('info_pages'))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', flag)
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('messages'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('published', 'integer', flag)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_type').on('messages').column('type').execute();

  await withId(db, db.schema.createTable('help_sections'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', flag)
    .addColumn('published', 'integer', flag)
    .execute();

  await withId(db, db.schema.createTable('activation_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'activation_tokens',
    'help_sections',
    'messages',
    'info_pages',
    'pricing_plans',
    'registrations',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
