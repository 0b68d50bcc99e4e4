import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';

// The platform content routes' reads of the metadata store: help articles, published pages
// and messages. The simple-rest writes of the content tables are db/contentRows.ts'.

type Db = Kysely<Database>;

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
    .select(['slug', 'title', 'translations_json'])
    .where('published', '=', 1)
    .orderBy('title')
    .execute();
}

export function findPublishedInfoPage(db: Db, slug: string) {
  return db
    .selectFrom('info_pages')
    .select(['slug', 'title', 'body', 'translations_json'])
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
