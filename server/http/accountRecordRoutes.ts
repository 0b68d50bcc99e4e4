import type { FastifyInstance, FastifySchema, preValidationAsyncHookHandler } from 'fastify';
import type { AccountRow, AccountTable } from '../db/accountRows';
import {
  accountCreateHandler,
  accountShowHandler,
  accountUpdateHandler,
  type AccountRecordWrites,
  type UpdateOf,
} from './recordHandlers';

// The show, create and update routes of a resource of one account's records (charts,
// dashboards) in the simple-rest contract; its list is a listRoute (listRoute.ts) and its
// delete, with its own rules, stays its own.

export interface AccountRecordResource<
  T extends AccountTable,
  I extends { id?: number },
  V,
  R,
> extends AccountRecordWrites<T, I, V, R> {
  path: string;
  /** The account's table of the records. */
  table: T;
  schemas: Record<'show' | 'create' | 'update', FastifySchema>;
  /** Who may read, and who may write (asked before the request is validated). */
  canRead: preValidationAsyncHookHandler;
  canWrite: preValidationAsyncHookHandler;
  bodyLimit: number;
  insert: (user: { id: number; accountId: number }, values: V) => Promise<AccountRow<T>>;
  update: (accountId: number, id: number, values: V, update: UpdateOf<T>) => Promise<R>;
}

export function registerAccountRecordRoutes<
  T extends AccountTable,
  I extends { id?: number },
  V,
  R,
>(app: FastifyInstance, resource: AccountRecordResource<T, I, V, R>): void {
  const { path, schemas } = resource;
  const read = { preValidation: resource.canRead };
  const write = { preValidation: resource.canWrite, bodyLimit: resource.bodyLimit };
  const show = accountShowHandler(resource.find, resource.toRecord);
  app.get<{ Params: { id: number } }>(`${path}/:id`, { ...read, schema: schemas.show }, show);
  const create = accountCreateHandler(resource, resource.insert);
  app.post<{ Body: I }>(path, { ...write, schema: schemas.create }, create);
  const update = accountUpdateHandler(resource, resource.update);
  app.put<{ Params: { id: number } }>(`${path}/:id`, { ...write, schema: schemas.update }, update);
}
