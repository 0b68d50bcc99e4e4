import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// Saved charts, dashboards and their share links. Portable between SQLite and
// PostgreSQL: JSON kept as text, timestamps ISO-8601 text.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped database */

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('charts'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('dataset_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('spec_json', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('charts_account').on('charts').column('account_id').execute();
  await db.schema.createIndex('charts_dataset').on('charts').column('dataset_id').execute();

  await withId(db, db.schema.createTable('dashboards'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tiles_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('filters_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('refresh_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dashboards_account').on('dashboards').column('account_id').execute();

  await withId(db, db.schema.createTable('share_links'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('dashboard_id', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('frozen_filters_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .execute();
  await db.schema
    .createIndex('share_links_token_hash')
    .unique()
    .on('share_links')
    .column('token_hash')
    .execute();
  await db.schema
    .createIndex('share_links_dashboard')
    .on('share_links')
    .column('dashboard_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('share_links').execute();
  await db.schema.dropTable('dashboards').execute();
  await db.schema.dropTable('charts').execute();
}
