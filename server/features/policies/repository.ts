import type { Kysely } from 'kysely';
import type { RowPolicy, UserAttributes } from '../../../common/api/rowPolicies';
import { toRowPolicy } from '../../db/rowPolicies';
import { nowIso, type Database } from '../../db/schema';

// Row policies of datasets and the attributes of users in the metadata store. The policies
// of an account or a source, which the query engine and datasets read too: db/rowPolicies.ts.

export interface PolicyValues {
  field: string;
  op: string;
  attribute: string;
  appliesTo: string[];
}

/** Where a new policy is declared: its dataset, and the source table it then protects. */
export interface PolicyOwner {
  accountId: number;
  datasetId: number;
  sourceId: number;
  /** tableKeyOf the dataset's table; null for a SQL dataset. */
  table: string | null;
  createdBy: number;
}

export async function insertPolicy(
  db: Kysely<Database>,
  owner: PolicyOwner,
  policy: PolicyValues,
): Promise<RowPolicy> {
  const now = nowIso();
  const row = await db
    .insertInto('row_policies')
    .values({
      account_id: owner.accountId,
      dataset_id: owner.datasetId,
      source_id: owner.sourceId,
      table_key: owner.table,
      field: policy.field,
      op: policy.op,
      attribute: policy.attribute,
      applies_to_json: JSON.stringify(policy.appliesTo),
      created_by: owner.createdBy,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRowPolicy(row);
}

/** The account's policy `policyId`, whatever dataset it protects. */
export async function findPolicy(
  db: Kysely<Database>,
  accountId: number,
  policyId: number,
): Promise<RowPolicy | undefined> {
  const row = await db
    .selectFrom('row_policies')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', policyId)
    .executeTakeFirst();
  return row && toRowPolicy(row);
}

export async function updatePolicy(
  db: Kysely<Database>,
  policyId: number,
  policy: PolicyValues,
): Promise<RowPolicy> {
  const row = await db
    .updateTable('row_policies')
    .set({
      field: policy.field,
      op: policy.op,
      attribute: policy.attribute,
      applies_to_json: JSON.stringify(policy.appliesTo),
      updated_at: nowIso(),
    })
    .where('id', '=', policyId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRowPolicy(row);
}

export async function deletePolicy(db: Kysely<Database>, policyId: number): Promise<void> {
  await db.deleteFrom('row_policies').where('id', '=', policyId).execute();
}

/** An active user of the account as the row policies see them, or undefined. */
export async function policySubject(
  db: Kysely<Database>,
  accountId: number,
  userId: number,
): Promise<{ role: string; attributes: UserAttributes } | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['role', 'attributes_json'])
    .where('account_id', '=', accountId)
    .where('id', '=', userId)
    .where('active', '=', 1)
    .executeTakeFirst();
  return row && { role: row.role, attributes: parseAttributes(row.attributes_json) };
}

/** The attributes of one of the account's users ({} when none, or no such user). */
export async function userAttributes(
  db: Kysely<Database>,
  accountId: number,
  userId: number,
): Promise<UserAttributes> {
  const row = await db
    .selectFrom('users')
    .select('attributes_json')
    .where('account_id', '=', accountId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? parseAttributes(row.attributes_json) : {};
}

export function parseAttributes(json: string | null): UserAttributes {
  if (!json) return {};
  const value: unknown = JSON.parse(json);
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as UserAttributes)
    : {};
}
