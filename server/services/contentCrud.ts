import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/schema';
import { runListQuery } from '../db/listQuery';
import { canAccess, type Section } from '../../common/sections';
import { notFound } from '../errors';
import { currentUser, requireSection, requireUser } from '../plugins/auth';
import { checkBodyId, parseUpdate } from '../http/updatePayload';
import { recordRouteSchemas } from '../http/recordRouteSchemas';
import { listRoute } from '../http/listRoute';
import type { ListOptions } from '../http/simpleRest';
import {
  contentRows,
  deleteContentRow,
  inTransaction,
  insertContentRow,
  updateContentRow,
  type ContentTable,
} from '../db/contentRows';

// ra-data-simple-rest CRUD of one platform content table (pricing plans, information pages,
// messages, help sections): list, get, create, update, delete, each behind a section check.

/* eslint-disable @typescript-eslint/no-explicit-any -- one factory serves several tables */

const CONTENT_BODY_LIMIT = 256 * 1024;

type Db = Kysely<Database>;

interface ContentResource<S extends z.ZodType> {
  /** URL name: /api/v1/<resource>. */
  resource: string;
  table: ContentTable;
  section: Section;
  /** The feature the routes are documented under, and what one record is called. */
  tag: string;
  noun: string;
  list: ListOptions;
  /** The create payload (and the update's, less the read-only fields it echoes). */
  schema: S;
  /** The record answered. */
  record: z.ZodType;
  toRecord: (row: any) => unknown;
  /** Payload -> column values (without id). */
  toColumns: (input: z.infer<S>) => Record<string, unknown>;
  /** Columns set on create only (timestamps). */
  createdColumns?: () => Record<string, unknown>;
  /** Throws a 409 when the values clash with another row (unique slugs). */
  checkUnique?: (db: Db, values: Record<string, unknown>, id?: number) => Promise<void>;
  /** Runs in the update's transaction (a renamed plan renames its accounts' plan label). */
  afterUpdate?: (db: Db, row: any) => Promise<void>;
  /** Throws (a 409) when the row must not be deleted (a plan that accounts are on). */
  checkDelete?: (db: Db, id: number) => Promise<void>;
  /** Signed-in users without write access read published rows only (help sections). */
  publishedReadForAll?: boolean;
}

function readableByAll(request: FastifyRequest, options: ContentResource<z.ZodType>): boolean {
  const user = currentUser(request);
  return !canAccess(user.role, options.section, 'write');
}

export function registerContentCrud<S extends z.ZodType>(
  app: FastifyInstance,
  options: ContentResource<S>,
): void {
  const { resource, table, section } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const schemas = recordRouteSchemas({
    tag: options.tag,
    noun: options.noun,
    record: options.record,
    create: options.schema as z.ZodType,
  });
  const path = `/api/v1/${resource}`;
  // Who may read or write is asked before the route schema validates the request.
  const read = options.publishedReadForAll ? requireUser : requireSection(section, 'read');
  const write = requireSection(section, 'write');

  const publishedOnly = (request: FastifyRequest) =>
    Boolean(options.publishedReadForAll && readableByAll(request, options));

  const findOne = async (request: FastifyRequest, id: number) => {
    const row = await contentRows(app.db, table, publishedOnly(request))
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  };

  /** A checked payload's columns; its id, if any, must be the record's. */
  const columnsOf = (input: z.infer<S> & { id?: number }, id?: number) => {
    checkBodyId(input.id, id);
    return options.toColumns(input);
  };

  const listContent = listRoute({
    resource,
    options: options.list,
    page: async (request, query) => {
      const onlyPublished = publishedOnly(request);
      const source = {
        name: resource,
        variant: onlyPublished ? 'published' : 'all',
        base: () => contentRows(app.db, table, onlyPublished),
      };
      const { rows, total } = await runListQuery(
        app.db as unknown as Kysely<any>,
        source,
        query,
        options.list,
      );
      return { records: rows.map(options.toRecord), total };
    },
  });
  app.get(path, { preValidation: read, schema: schemas.list }, listContent);

  typed.get(`${path}/:id`, { preValidation: read, schema: schemas.show }, async (request) =>
    options.toRecord(await findOne(request, request.params.id)),
  );

  const createOptions = {
    preValidation: write,
    bodyLimit: CONTENT_BODY_LIMIT,
    schema: schemas.create,
  };
  typed.post(path, createOptions, async (request) => {
    const values = columnsOf(request.body as z.infer<S> & { id?: number });
    const row = await inTransaction(app.db, async (trx) => {
      await options.checkUnique?.(trx, values);
      return insertContentRow(trx, table, { ...values, ...options.createdColumns?.() });
    });
    return options.toRecord(row);
  });

  const updateOptions = {
    preValidation: write,
    bodyLimit: CONTENT_BODY_LIMIT,
    schema: schemas.update,
  };
  typed.put(`${path}/:id`, updateOptions, async (request) => {
    const id = request.params.id;
    const stored = options.toRecord(await findOne(request, id)) as object;
    const input = parseUpdate(options.schema, request.body, stored) as z.infer<S> & { id?: number };
    const values = columnsOf(input, id);
    const row = await inTransaction(app.db, async (trx) => {
      await options.checkUnique?.(trx, values, id);
      const updated = await updateContentRow(trx, table, id, values);
      if (updated) await options.afterUpdate?.(trx, updated);
      return updated;
    });
    if (!row) throw notFound();
    return options.toRecord(row);
  });

  typed.delete(`${path}/:id`, { preValidation: write, schema: schemas.remove }, async (request) => {
    const id = request.params.id;
    await options.checkDelete?.(app.db, id);
    const row = await deleteContentRow(app.db, table, id);
    if (!row) throw notFound();
    return options.toRecord(row);
  });
}
