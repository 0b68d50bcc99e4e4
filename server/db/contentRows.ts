import type { Kysely } from 'kysely';
import { conflict } from '../errors';
import type { Database } from './schema';
export { inTransaction } from './transactions';

// The reads and writes by id of the platform's content tables (pricing plans, information
// pages, messages, help sections): one set of functions serves them all
// (services/contentCrud.ts).

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
