import type { Selectable } from 'kysely';
import type { RegistrationsTable } from '../../db/platformSchema';

// A registration row -> its API record (camelCase, no token hash).

export function toRegistration(row: Selectable<RegistrationsTable>) {
  return {
    id: row.id,
    companyName: row.company_name,
    site: row.site,
    fullName: row.full_name,
    email: row.email,
    username: row.username,
    status: row.status,
    planId: row.plan_id,
    accountId: row.account_id,
    createdAt: row.created_at,
    rejectReason: row.reject_reason,
    pricingLinkSent: row.token_hash !== null,
  };
}
