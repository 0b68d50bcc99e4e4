import type { Generated } from 'kysely';

// The audit log of administrative actions (migration 0008). `detail` is JSON text of the
// request's fields with secrets redacted.

export interface AuditLogTable {
  id: Generated<number>;
  account_id: number;
  user_id: number | null;
  username: string;
  action: string;
  resource: string;
  record_id: string | null;
  ip: string;
  at: string;
  detail: string;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}
