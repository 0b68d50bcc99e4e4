import type { Kysely } from 'kysely';

// Languages: the account's default language on its company profile (null: each visitor's
// browser decides) and each user's own choice (null: the account's default). Codes are those
// of common/languages.ts.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped database */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('company_profiles').addColumn('language', 'text').execute();
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
  await db.schema.alterTable('company_profiles').dropColumn('language').execute();
}
