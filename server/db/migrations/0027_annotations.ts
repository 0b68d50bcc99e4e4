import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// Annotations: events on time charts of a dataset, on one chart (chart_id) or on every chart
// of the dataset (chart_id null). Days are stored as YYYY-MM-DD text (sortable).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped database */

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('annotations'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('dataset_id', 'integer', (c) => c.notNull())
    .addColumn('chart_id', 'integer')
    .addColumn('starts_on', 'text', (c) => c.notNull())
    .addColumn('ends_on', 'text')
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('colour', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('annotations_account_dataset')
    .on('annotations')
    .columns(['account_id', 'dataset_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('annotations').execute();
}
