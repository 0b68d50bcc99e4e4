import { z } from 'zod';

// An audit log entry as the API answers it. `detail` is what the log kept of the request
// body: `{ fields }` with secrets redacted, or `{ fieldNames }` when it was too large.

export const AUDIT_LOG_ENTRY = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  site: z.string().nullable(),
  userId: z.number().int().nullable(),
  username: z.string(),
  action: z.string(),
  resource: z.string(),
  recordId: z.string().nullable(),
  ip: z.string(),
  at: z.string(),
  detail: z.unknown(),
});
export type AuditLogEntry = z.infer<typeof AUDIT_LOG_ENTRY>;
