import type { Kysely } from 'kysely';

// A dataset's drill paths: chains of its fields a chart drills down (country -> state ->
// city), as a JSON array of arrays of field names. Dates drill by grain without one.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped database */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('datasets')
    .addColumn('drill_paths_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('datasets').dropColumn('drill_paths_json').execute();
}
