import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// Data sources and datasets of each account. Portable between SQLite and
// PostgreSQL: JSON kept as text, timestamps ISO-8601 text.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped database */

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('data_sources'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('config_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('password_enc', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('data_sources_account_name')
    .unique()
    .on('data_sources')
    .columns(['account_id', 'name'])
    .execute();

  await withId(db, db.schema.createTable('datasets'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull().references('data_sources.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('table_name', 'text')
    .addColumn('sql', 'text')
    .addColumn('fields_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('row_count', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('datasets_account_name')
    .unique()
    .on('datasets')
    .columns(['account_id', 'name'])
    .execute();
  await db.schema.createIndex('datasets_source').on('datasets').column('source_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('datasets').execute();
  await db.schema.dropTable('data_sources').execute();
}
