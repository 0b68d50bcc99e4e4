import { sql, type Kysely } from 'kysely';

// The outbox kept each message's link, and every link carried a one-time token
// (create-password, pricing) that co-admins could read for 7 days. Messages no longer store
// their link; this forgets the links stored before. Same SQL on SQLite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update outbox_messages set link = null where link is not null`.execute(db);
}

// The tokens are gone for good: down leaves the messages without links.
export async function down(): Promise<void> {}
