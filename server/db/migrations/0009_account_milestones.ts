import type { Kysely } from 'kysely';

// Getting started: steps the account's data cannot tell (a first question asked) and the
// users who hid the checklist. user_id 0 marks a milestone of the whole account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_milestones')
    .addColumn('account_id', 'integer', (column) => column.notNull())
    .addColumn('user_id', 'integer', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('reached_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('account_milestones_pk', ['account_id', 'user_id', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_milestones').execute();
}
