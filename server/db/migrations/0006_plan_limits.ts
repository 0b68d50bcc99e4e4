import type { Kysely } from 'kysely';

// Issue 6: plan limits (users, dashboards, data sources, storage) and accounts linked to a plan.
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
