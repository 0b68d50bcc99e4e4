import type { Kysely } from 'kysely';

// The users list of an account is read in id order on every page (the default sort).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('users_account_id_id')
    .on('users')
    .columns(['account_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_account_id_id').execute();
}
