import type { Kysely } from 'kysely';

// Translations of content people write, per language (common/contentTranslations.ts): a
// nullable JSON column on dashboards, charts, information pages and help sections. Dataset
// field labels carry theirs inside the fields' JSON.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped database */

const TABLES = ['dashboards', 'charts', 'info_pages', 'help_sections'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('translations_json', 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).dropColumn('translations_json').execute();
  }
}
