import type { Kysely } from 'kysely';

// Issue 6: API token scopes and the audit log.
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
