import type { Kysely } from 'kysely';

// Help articles get a group (how the help panel and the list group them) and the sections of
// the product they are about (comma-separated section names, shown on those sections' pages).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('help_sections')
    .addColumn('group_name', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('help_sections')
    .addColumn('sections', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('help_sections').dropColumn('sections').execute();
  await db.schema.alterTable('help_sections').dropColumn('group_name').execute();
}
