import type { Insertable, Kysely } from 'kysely';
import type { AuditLogTable } from './auditSchema';
import type { Database } from './schema';

export async function insertAuditEntry(db: Kysely<Database>, entry: Insertable<AuditLogTable>) {
  await db.insertInto('audit_log').values(entry).execute();
}
