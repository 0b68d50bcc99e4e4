import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// Row-level security: attributes of each user (JSON text), row policies of datasets (a
// filter on a field bound to an attribute, for some roles), and the attribute values a share
// link was made with (null: none).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped database */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('attributes_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await withId(db, db.schema.createTable('row_policies'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('dataset_id', 'integer', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('op', 'text', (c) => c.notNull())
    .addColumn('attribute', 'text', (c) => c.notNull())
    .addColumn('applies_to_json', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('row_policies_dataset')
    .on('row_policies')
    .columns(['account_id', 'dataset_id'])
    .execute();
  await db.schema.alterTable('share_links').addColumn('attributes_json', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('share_links').dropColumn('attributes_json').execute();
  await db.schema.dropTable('row_policies').execute();
  await db.schema.alterTable('users').dropColumn('attributes_json').execute();
}
