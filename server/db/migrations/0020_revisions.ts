import type { Kysely } from 'kysely';
import { withId } from '../dialect';

// Revisions of dashboards, charts and datasets: every save keeps the whole definition; a
// delete keeps the last one (a deleted dashboard or chart can be restored for 30 days).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped database */

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('revisions'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('object_id', 'integer', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('definition_json', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('revisions_object')
    .on('revisions')
    .columns(['account_id', 'kind', 'object_id', 'number'])
    .execute();
  await db.schema
    .createIndex('revisions_action')
    .on('revisions')
    .columns(['account_id', 'action', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('revisions').execute();
}
