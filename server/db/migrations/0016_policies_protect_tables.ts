import type { Kysely } from 'kysely';
import { tableKeyOf } from '../../../common/api/rowPolicies';

// A row policy protects the source table of the dataset it was declared on (every dataset
// over that table carries it, and it outlives the dataset); a SQL dataset's policy still
// protects that dataset (table_key null). Existing policies are bound to their dataset's table.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped database */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('row_policies').addColumn('source_id', 'integer').execute();
  await db.schema.alterTable('row_policies').addColumn('table_key', 'text').execute();
  const bound = await db
    .selectFrom('row_policies')
    .innerJoin('datasets', 'datasets.id', 'row_policies.dataset_id')
    .select([
      'row_policies.id as id',
      'datasets.source_id as sourceId',
      'datasets.table_name as table',
    ])
    .execute();
  for (const policy of bound) {
    await db
      .updateTable('row_policies')
      .set({
        source_id: policy.sourceId,
        table_key: policy.table ? tableKeyOf(policy.table) : null,
      })
      .where('id', '=', policy.id)
      .execute();
  }
  await db.schema
    .createIndex('row_policies_source')
    .on('row_policies')
    .columns(['account_id', 'source_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('row_policies_source').execute();
  await db.schema.alterTable('row_policies').dropColumn('table_key').execute();
  await db.schema.alterTable('row_policies').dropColumn('source_id').execute();
}
