import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// Rollups of datasets: their shape (JSON), refresh schedule and freshness limit, and what the
// last build left: status, rows, bytes, time taken, when. `data_version` moves when the
// dataset's table is replaced, so a build that read the old rows does not count as fresh.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped database */

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('rollups'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('dataset_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('shape_json', 'text', (c) => c.notNull())
    .addColumn('refresh_minutes', 'integer', (c) => c.notNull())
    .addColumn('freshness_minutes', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('data_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('built_version', 'integer')
    .addColumn('row_count', 'bigint')
    .addColumn('size_bytes', 'bigint')
    .addColumn('build_ms', 'integer')
    .addColumn('last_refreshed_at', 'text')
    .addColumn('error', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rollups_dataset')
    .on('rollups')
    .columns(['account_id', 'dataset_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rollups').execute();
}
