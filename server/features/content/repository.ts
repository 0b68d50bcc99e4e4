import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict } from '../../errors';
export { inTransaction } from '../../db/transactions';

// The platform content routes' reads and writes of the metadata store. The simple-rest
// content tables share one set of functions (contentCrud.ts serves several tables).

/* eslint-disable @typescript-eslint/no-explicit-any -- one set of functions serves several tables */

type Db = Kysely<Database>;
export type ContentTable = 'pricing_plans' | 'info_pages' | 'messages' | 'help_sections';
type Values = Record<string, unknown>;

const anyDb = (db: Db) => db as unknown as Kysely<any>;

/** A content table's rows, or its published rows only. */
export function contentRows(db: Db, table: ContentTable, onlyPublished: boolean) {
  const query = anyDb(db).selectFrom(table).selectAll();
  return onlyPublished ? query.where('published', '=', 1) : query;
}

export function insertContentRow(db: Db, table: ContentTable, values: Values): Promise<any> {
  return anyDb(db).insertInto(table).values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateContentRow(
  db: Db,
  table: ContentTable,
  id: number,
  values: Values,
): Promise<any> {
  return anyDb(db)
    .updateTable(table)
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export function deleteContentRow(db: Db, table: ContentTable, id: number): Promise<any> {
  return anyDb(db).deleteFrom(table).where('id', '=', id).returningAll().executeTakeFirst();
}

/** A checkUnique for one unique column: 409 naming the field when another row has the value. */
export function uniqueColumn(table: ContentTable, column: string, field: string) {
  return async (db: Db, values: Values, id?: number) => {
    let query = anyDb(db).selectFrom(table).select('id').where(column, '=', values[column]);
    if (id !== undefined) query = query.where('id', '!=', id);
    if (await query.executeTakeFirst()) {
      throw conflict(`${field}: "${String(values[column])}" is already used.`, field);
    }
  };
}

const MAX_HELP_ARTICLES = 200;

function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Published help sections about `section` and/or matching `search`, in their groups' order. */
export function findHelpArticles(db: Db, section?: string, search?: string) {
  let query = db.selectFrom('help_sections').selectAll().where('published', '=', 1);
  if (section) {
    query = query.where(sql<boolean>`(',' || sections || ',') like ${`%,${section},%`}`);
  }
  if (search) {
    const pattern = likePattern(search);
    query = query.where(
      sql<boolean>`(lower(title) like ${pattern} escape '\\' or lower(body) like ${pattern} escape '\\')`,
    );
  }
  return query
    .orderBy('group_name')
    .orderBy('sort_order')
    .orderBy('id')
    .limit(MAX_HELP_ARTICLES)
    .execute();
}

export function findPublishedInfoLinks(db: Db) {
  return db
    .selectFrom('info_pages')
    .select(['slug', 'title'])
    .where('published', '=', 1)
    .orderBy('title')
    .execute();
}

export function findPublishedInfoPage(db: Db, slug: string) {
  return db
    .selectFrom('info_pages')
    .select(['slug', 'title', 'body'])
    .where('slug', '=', slug)
    .where('published', '=', 1)
    .executeTakeFirst();
}

/** The latest published message of a type. */
export function findLatestPublishedMessage(db: Db, type: string) {
  return db
    .selectFrom('messages')
    .select(['type', 'title', 'body'])
    .where('type', '=', type)
    .where('published', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export function findPublishedMessage(db: Db, type: string, id: number) {
  return db
    .selectFrom('messages')
    .select(['type', 'title', 'body'])
    .where('id', '=', id)
    .where('type', '=', type)
    .where('published', '=', 1)
    .executeTakeFirst();
}
