import type { Kysely } from 'kysely';
import type { SlotValues } from '../../db/queryTemplates';
import type { Database } from '../../db/schema';

// Reading the audit log with each entry's site.

/** Every account's entries (`everyone`), else those of `values.accountId`. */
export function selectAuditEntries(db: Kysely<Database>, everyone: boolean, values: SlotValues) {
  const query = db
    .selectFrom('audit_log')
    .leftJoin('accounts', 'accounts.id', 'audit_log.account_id')
    .selectAll('audit_log')
    .select('accounts.site as site');
  return everyone ? query : query.where('audit_log.account_id', '=', values.accountId as number);
}

export function findAuditEntry(
  db: Kysely<Database>,
  everyone: boolean,
  values: SlotValues,
  id: number,
) {
  return selectAuditEntries(db, everyone, values).where('audit_log.id', '=', id).executeTakeFirst();
}
