import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

import type { Kysely } from 'kysely';
import type { AccountRow, AccountTable } from '../db/accountRows';
import type { Database } from '../db/schema';
import { currentUser } from './currentUser';
import { sendCachedList } from './listAnswerCache';
import { checkBodyId, parseUpdate } from './updatePayload';
import { runAccountListQuery } from './listQuery';
import { parseListQuery, type ListOptions, type ListQuery } from './simpleRest';

// GET handlers of the simple-rest contract. A list: the request's filters, sort and page
// checked against the list's options, the rows read, each turned into its record, the answer
// cached. One record of an account: found by id among the signed-in user's account's rows.

export interface ListRoute<Row, R> {
  /** The resource named in Content-Range and the list cache's key. */
  resource: string;
  options: ListOptions;
  toRecord: (row: Row) => R;
}

export function listHandler<Row, R>(
  list: ListRoute<Row, R>,
  read: (request: FastifyRequest, query: ListQuery) => Promise<{ rows: Row[]; total: number }>,
) {
  return (request: FastifyRequest, reply: FastifyReply) =>
    sendCachedList(request, reply, list.resource, async () => {
      const query = parseListQuery(request.query, list.options);
      const { rows, total } = await read(request, query);
      return { rows: rows.map(list.toRecord), start: query.start, total };
    });
}

/** The list of one account's records (charts, dashboards, datasets, sources): the user's. */
export function accountListHandler<T extends AccountTable, R>(
  table: T,
  list: ListRoute<AccountRow<T>, R> & {
    /** Work before the rows are read (e.g. making the account's warehouse source). */
    prepare?: (accountId: number) => Promise<unknown>;
  },
) {
  return listHandler(list, async (request, query) => {
    const { accountId } = currentUser(request);
    await list.prepare?.(accountId);
    return runAccountListQuery(request.server.db, table, accountId, query, list.options);
  });
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
  write: (accountId: number, id: number, values: V) => Promise<R>,
) {
  return async (request: FastifyRequest<{ Params: { id: number }; Body: unknown }>) => {
    const { accountId } = currentUser(request);
    const id = request.params.id;
    const previous = await writes.find(request.server.db, accountId, id);
    const input = parseUpdate(writes.payload, request.body, writes.toRecord(previous) as object);
    checkBodyId(input.id, id);
    return write(accountId, id, await writes.values(input, accountId));
  };
}
