import type { Kysely } from 'kysely';

// Issue 6: registrations' reasons and statuses, invitations, messages per account and their sending.
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(_db: Kysely<unknown>): Promise<void> {}
