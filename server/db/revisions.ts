import type { ExpressionBuilder, Kysely } from 'kysely';
import {
  definitionOf,
  type Definition,
  type RevisionAction,
  type RevisionKind,
} from '../../common/revisions';
import type { ListOptions, ListQuery } from '../http/simpleRest';
import { runListQuery } from './listQuery';
import type { SlotValues } from './queryTemplates';
import type { RevisionsTable } from './revisionSchema';
import { nowIso, type Database } from './schema';

// The store of revisions: every save of a dashboard, chart or dataset adds one with the whole
// definition. The areas that save them write here; the revisions area reads, restores and
// purges. Lower than the features so that both can use it without a circle.

export interface ObjectRef {
  accountId: number;
  kind: RevisionKind;
  objectId: number;
}

/** How the object was before a save, for an object saved before revisions were kept. */
export interface Baseline {
  definition: Definition;
  createdAt: string;
  userId: number | null;
}

export interface NewRevision extends ObjectRef {
  action: RevisionAction;
  definition: Definition;
  userId: number | null;
  /** The object as it was: kept first as its creation when it has no revision yet. */
  before?: Baseline;
}

export type RevisionRow = Pick<
  RevisionsTable,
  'object_id' | 'number' | 'action' | 'definition_json' | 'created_at' | 'user_id'
> & { id: number; author: string | null };

function ofObject(db: Kysely<Database>, ref: ObjectRef) {
  return db
    .selectFrom('revisions')
    .where('revisions.account_id', '=', ref.accountId)
    .where('revisions.kind', '=', ref.kind)
    .where('revisions.object_id', '=', ref.objectId);
}

async function lastNumber(db: Kysely<Database>, ref: ObjectRef): Promise<number> {
  const row = await ofObject(db, ref)
    .select((eb) => eb.fn.max('revisions.number').as('last'))
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** Adds a revision of the object (after its baseline, when it is the first kept). */
export async function keepRevision(db: Kysely<Database>, revision: NewRevision): Promise<void> {
  const { before, ...next } = revision;
  await db.transaction().execute(async (trx) => {
    let number = await lastNumber(trx, next);
    const base = { account_id: next.accountId, kind: next.kind, object_id: next.objectId };
    if (number === 0 && before) {
      number += 1;
      await trx
        .insertInto('revisions')
        .values({
          ...base,
          number,
          action: 'created',
          definition_json: JSON.stringify(before.definition),
          user_id: before.userId,
          created_at: before.createdAt,
        })
        .execute();
    }
    await trx
      .insertInto('revisions')
      .values({
        ...base,
        number: number + 1,
        action: next.action,
        definition_json: JSON.stringify(next.definition),
        user_id: next.userId,
        created_at: nowIso(),
      })
      .execute();
  });
}

export const REVISION_LIST: ListOptions = {
  columns: {
    id: 'revisions.id',
    number: 'revisions.number',
    createdAt: 'revisions.created_at',
    action: 'revisions.action',
  },
  sortable: ['id', 'number', 'createdAt'],
  filterable: ['action'],
  defaultSort: { field: 'number', order: 'desc' },
};

/** The revision is its object's newest (no later one of the same object). */
function isLatestRevision({ not, exists, selectFrom }: ExpressionBuilder<Database, 'revisions'>) {
  return not(
    exists(
      selectFrom('revisions as later')
        .select('later.id')
        .whereRef('later.account_id', '=', 'revisions.account_id')
        .whereRef('later.kind', '=', 'revisions.kind')
        .whereRef('later.object_id', '=', 'revisions.object_id')
        .whereRef('later.number', '>', 'revisions.number'),
    ),
  );
}

function withAuthor(db: Kysely<Database>) {
  return db
    .selectFrom('revisions')
    .leftJoin('users', 'users.id', 'revisions.user_id')
    .select([
      'revisions.id as id',
      'revisions.object_id as object_id',
      'revisions.number as number',
      'revisions.action as action',
      'revisions.definition_json as definition_json',
      'revisions.created_at as created_at',
      'revisions.user_id as user_id',
      'users.full_name as author',
    ]);
}

/** A page of the object's revisions as the list call asks (newest first by default). */
export function revisionsPage(
  db: Kysely<Database>,
  ref: ObjectRef,
  query: ListQuery,
): Promise<{ rows: RevisionRow[]; total: number }> {
  const source = {
    name: 'revisions',
    values: { accountId: ref.accountId, kind: ref.kind, objectId: ref.objectId },
    base: (values: SlotValues) =>
      withAuthor(db)
        .where('revisions.account_id', '=', values.accountId as number)
        .where('revisions.kind', '=', values.kind as RevisionKind)
        .where('revisions.object_id', '=', values.objectId as number),
  };
  return runListQuery(db, source, query, REVISION_LIST) as Promise<{
    rows: RevisionRow[];
    total: number;
  }>;
}

/** The definitions of the object's revisions numbered `numbers`, by number. */
export async function definitionsByNumber(
  db: Kysely<Database>,
  ref: ObjectRef,
  numbers: number[],
): Promise<Map<number, Definition>> {
  if (numbers.length === 0) return new Map();
  const rows = await ofObject(db, ref)
    .select(['revisions.number', 'revisions.definition_json'])
    .where('revisions.number', 'in', [...new Set(numbers)])
    .execute();
  return new Map(rows.map((row) => [row.number, JSON.parse(row.definition_json) as Definition]));
}

/** The object's revision `id`, or undefined. */
export function findRevision(
  db: Kysely<Database>,
  ref: ObjectRef,
  id: number,
): Promise<RevisionRow | undefined> {
  return withAuthor(db)
    .where('revisions.account_id', '=', ref.accountId)
    .where('revisions.kind', '=', ref.kind)
    .where('revisions.object_id', '=', ref.objectId)
    .where('revisions.id', '=', id)
    .executeTakeFirst();
}

/** The object's newest revision, or undefined. */
export function latestRevision(
  db: Kysely<Database>,
  ref: ObjectRef,
): Promise<RevisionRow | undefined> {
  return withAuthor(db)
    .where('revisions.account_id', '=', ref.accountId)
    .where('revisions.kind', '=', ref.kind)
    .where('revisions.object_id', '=', ref.objectId)
    .orderBy('revisions.number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export type DeletedRow = RevisionRow & { kind: RevisionKind };

/**
 * The account's objects of `kinds` whose newest revision is their delete, deleted at or
 * after `since`, newest first.
 */
export async function deletedSince(
  db: Kysely<Database>,
  accountId: number,
  kinds: RevisionKind[],
  since: string,
): Promise<DeletedRow[]> {
  const rows = await withAuthor(db)
    .select('revisions.kind as kind')
    .where('revisions.account_id', '=', accountId)
    .where('revisions.action', '=', 'deleted')
    .where('revisions.kind', 'in', kinds)
    .where('revisions.created_at', '>=', since)
    .where(isLatestRevision)
    .orderBy('revisions.created_at', 'desc')
    .limit(1000)
    .execute();
  return rows;
}

/**
 * Forgets the objects of every account deleted before `cutoff` (newest revision a delete
 * older than it): their revisions go, they can no longer be restored. Answers how many.
 */
export async function purgeDeletedBefore(db: Kysely<Database>, cutoff: string): Promise<number> {
  const expired = await db
    .selectFrom('revisions')
    .select(['revisions.account_id', 'revisions.kind', 'revisions.object_id'])
    .where('revisions.action', '=', 'deleted')
    .where('revisions.created_at', '<', cutoff)
    .where(isLatestRevision)
    .execute();
  for (const object of expired) {
    await db
      .deleteFrom('revisions')
      .where('account_id', '=', object.account_id)
      .where('kind', '=', object.kind)
      .where('object_id', '=', object.object_id)
      .execute();
  }
  return expired.length;
}

/** A saved record (a dashboard, chart or dataset as the API answers it). */
export interface SavedRecord {
  id: number;
  createdAt: string;
}

/**
 * Keeps the revision `action` of `record` saved by `userId`; `before`, the record as it was
 * (with who created it), is kept first when the object has no revision yet.
 */
export function keepRecordRevision(
  db: Kysely<Database>,
  save: {
    accountId: number;
    kind: RevisionKind;
    action: RevisionAction;
    userId: number | null;
    record: SavedRecord;
    before?: { record: SavedRecord; createdBy: number | null };
  },
): Promise<void> {
  const { record, before } = save;
  return keepRevision(db, {
    accountId: save.accountId,
    kind: save.kind,
    objectId: record.id,
    action: save.action,
    userId: save.userId,
    definition: definitionOf(record),
    before: before && {
      definition: definitionOf(before.record),
      createdAt: before.record.createdAt,
      userId: before.createdBy,
    },
  });
}
