import type { Kysely } from 'kysely';
import type { RevisionKind } from '../../common/revisions';
import type { AccountRow } from '../db/accountRows';
import { keepRecordRevision, type SavedRecord } from '../db/revisions';
import type { Database } from '../db/schema';
import type { UpdateOf } from '../http/recordHandlers';

type Author = { id: number; accountId: number };
type KeptTable = 'charts' | 'dashboards';
type Authored = { created_by: number | null };

/**
 * An account record's insert and update (http/accountRecordRoutes.ts) that keep a revision of
 * each save, with the record as it was before the first one: how a kind with history saves.
 */
export function keepingRevisions<T extends KeptTable, V, R extends SavedRecord>(
  db: Kysely<Database>,
  kind: RevisionKind,
  toRecord: (row: AccountRow<T>) => R,
  writes: {
    insert: (author: Author, values: V) => Promise<AccountRow<T>>;
    update: (accountId: number, id: number, values: V) => Promise<R>;
  },
) {
  return {
    insert: async (author: Author, values: V): Promise<AccountRow<T>> => {
      const row = await writes.insert(author, values);
      await keepRecordRevision(db, {
        kind,
        accountId: author.accountId,
        action: 'created',
        userId: author.id,
        record: toRecord(row),
      });
      return row;
    },
    update: async (accountId: number, id: number, values: V, change: UpdateOf<T>) => {
      const record = await writes.update(accountId, id, values);
      const { previous } = change;
      await keepRecordRevision(db, {
        kind,
        accountId,
        action: 'updated',
        userId: change.user.id,
        record,
        before: { record: toRecord(previous), createdBy: (previous as Authored).created_by },
      });
      return record;
    },
  };
}
