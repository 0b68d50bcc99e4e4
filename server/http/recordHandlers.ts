import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

import type { Kysely } from 'kysely';
import type { AccountRow, AccountTable } from '../db/accountRows';
import type { Database } from '../db/schema';
import { currentUser } from './currentUser';
import { checkBodyId, parseUpdate } from './updatePayload';
import { runAccountListQuery } from '../db/listQuery';
import type { ListOptions, ListQuery } from './simpleRest';

// Handlers of one account's records in the simple-rest contract: the page of a list
// (listRoute.ts), and one record found by id among the signed-in user's account's rows,
// created or updated.

/** The `page` of a list of the signed-in user's account's records of `table`. */
export function accountRecordsPage<T extends AccountTable, R>(
  table: T,
  options: ListOptions,
  toRecord: (row: AccountRow<T>) => R,
) {
  return async (request: FastifyRequest, query: ListQuery) => {
    const { accountId } = currentUser(request);
    const page = await runAccountListQuery(request.server.db, table, accountId, query, options);
    return { records: page.rows.map(toRecord), total: page.total };
  };
}

/** The area's lookup of the account's record `id` (404 when it is not the account's). */
export type FindAccountRow<Row> = (
  db: Kysely<Database>,
  accountId: number,
  id: number,
) => Promise<Row>;

/** GET /<resource>/:id of one account's record, found by the area's own lookup. */
export function accountShowHandler<Row, R>(find: FindAccountRow<Row>, toRecord: (row: Row) => R) {
  return async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const { accountId } = currentUser(request);
    return toRecord(await find(request.server.db, accountId, request.params.id));
  };
}

/** How an account's record is written: its checked columns, and the row turned into a record. */
export interface AccountRecordWrites<T extends AccountTable, I extends { id?: number }, V, R> {
  find: FindAccountRow<AccountRow<T>>;
  /** The update payload (the record's read-only fields echoed are checked and dropped). */
  payload: z.ZodType<I>;
  toRecord: (row: AccountRow<T>) => R;
  /** The columns of a checked create or update; throws a 4xx when the input is refused. */
  values: (input: I, accountId: number) => Promise<V>;
}

/** POST of an account's record: the body's columns inserted for the signed-in user. */
export function accountCreateHandler<T extends AccountTable, I extends { id?: number }, V, R>(
  writes: AccountRecordWrites<T, I, V, R>,
  insert: (user: { id: number; accountId: number }, values: V) => Promise<AccountRow<T>>,
) {
  return async (request: FastifyRequest<{ Body: I }>) => {
    const user = currentUser(request);
    const input = request.body as I;
    checkBodyId(input.id, undefined);
    const values = await writes.values(input, user.accountId);
    return writes.toRecord(await insert(user, values));
  };
}

/** PUT of an account's record: the body checked against the stored record, then written. */
export function accountUpdateHandler<T extends AccountTable, I extends { id?: number }, V, R>(
  writes: AccountRecordWrites<T, I, V, R>,
  write: (accountId: number, id: number, values: V, update: UpdateOf<T>) => Promise<R>,
) {
  return async (request: FastifyRequest<{ Params: { id: number }; Body: unknown }>) => {
    const user = currentUser(request);
    const { accountId } = user;
    const id = request.params.id;
    const previous = await writes.find(request.server.db, accountId, id);
    const input = parseUpdate(writes.payload, request.body, writes.toRecord(previous) as object);
    checkBodyId(input.id, id);
    return write(accountId, id, await writes.values(input, accountId), { user, previous });
  };
}

/** Who updates a record, and its row before the update. */
export interface UpdateOf<T extends AccountTable> {
  user: { id: number; accountId: number };
  previous: AccountRow<T>;
}
