import type { Kysely, Selectable } from 'kysely';
import type { RowPolicy } from '../../common/api/rowPolicies';
import type { RowPoliciesTable } from './analyticsSchema';
import type { Database } from './schema';

// The row policies of an account's sources: what the query engine applies, what the datasets
// and policies routes read.

export type RowPolicyRow = Selectable<RowPoliciesTable>;

export function toRowPolicy(row: RowPolicyRow): RowPolicy {
  return {
    id: row.id,
    datasetId: row.dataset_id,
    sourceId: row.source_id ?? 0,
    table: row.table_key,
    field: row.field,
    op: row.op as RowPolicy['op'],
    attribute: row.attribute,
    appliesTo: JSON.parse(row.applies_to_json) as RowPolicy['appliesTo'],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The policies of the account's sources, or of its source `sourceId` (its tables' and its SQL
 * datasets'); oldest first.
 */
export async function policiesOfAccount(
  db: Kysely<Database>,
  accountId: number,
  sourceId?: number,
): Promise<RowPolicy[]> {
  let query = db.selectFrom('row_policies').selectAll().where('account_id', '=', accountId);
  if (sourceId !== undefined) query = query.where('source_id', '=', sourceId);
  return (await query.orderBy('id').execute()).map(toRowPolicy);
}
