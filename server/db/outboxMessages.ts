import type { Insertable, Kysely } from 'kysely';
import type { OutboxMessagesTable, OutboxStatus } from './platformSchema';
import { nowIso, type Database } from './schema';

/** Stores a message in its account's outbox; answers its id. */
export async function insertOutboxMessage(
  db: Kysely<Database>,
  message: Insertable<OutboxMessagesTable>,
): Promise<number> {
  const row = await db
    .insertInto('outbox_messages')
    .values(message)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Records how sending the message went. */
export async function markOutboxMessage(
  db: Kysely<Database>,
  id: number,
  status: OutboxStatus,
  error: string | null,
): Promise<void> {
  await db
    .updateTable('outbox_messages')
    .set({ status, error, sent_at: status === 'sent' ? nowIso() : null })
    .where('id', '=', id)
    .execute();
}
