import type { Kysely } from 'kysely';

// Dashboard tabs: a JSON array of { id, title }, in order; [] (every dashboard saved before)
// is one implicit tab and no tab bar. Each tile names its tab in tiles_json (`tabId`).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped database */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('dashboards')
    .addColumn('tabs_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('dashboards').dropColumn('tabs_json').execute();
}
