import type { Kysely } from 'kysely';
import { PLATFORM_SITE } from '../../../common/types';
import type { Database } from '../../db/schema';
export { inTransaction } from '../../db/transactions';

// The message routes' reads of the metadata store.

type Db = Kysely<Database>;

/** An account's outbox, all of it (`whole`) or the messages addressed to `email`. */
export function outboxMessages(db: Db, whole: boolean, accountId: number, email: string) {
  const query = db.selectFrom('outbox_messages').selectAll().where('account_id', '=', accountId);
  return whole ? query : query.where('recipient', '=', email);
}

export function findPlatformMessage(db: Db, id: number) {
  return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every active user with an e-mail address of every active tenant account, in id order. */
export function findAnnouncementRecipients(db: Db) {
  return db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.id', 'users.account_id')
    .select(['users.email', 'users.account_id'])
    .where('users.active', '=', 1)
    .where('accounts.active', '=', 1)
    .where('accounts.site', '!=', PLATFORM_SITE)
    .where('users.email', '!=', '')
    .orderBy('users.id')
    .execute();
}
