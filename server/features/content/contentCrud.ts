import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { runListQuery } from '../../http/listQuery';
import { canAccess, type Section } from '../../../src/model/sections';
import { badRequest, conflict, notFound } from '../../http/errors';
import { currentUser, requireSection, requireUser } from '../../plugins/auth';
import { parsePayload } from '../../http/validation';
import { parseUpdate } from '../../http/updatePayload';
import { sendCachedList } from '../../http/listAnswerCache';
import { parseId, parseListQuery, type ListOptions } from '../../http/simpleRest';

// ra-data-simple-rest CRUD of one platform content table (pricing plans, information pages,
// messages, help sections): list, get, create, update, delete, each behind a section check.

/* eslint-disable @typescript-eslint/no-explicit-any -- one factory serves several tables */

const CONTENT_BODY_LIMIT = 256 * 1024;

interface ContentResource<S extends z.ZodType> {
  /** URL name: /api/v1/<resource>. */
  resource: string;
  table: 'pricing_plans' | 'info_pages' | 'messages' | 'help_sections';
  section: Section;
  list: ListOptions;
  schema: S;
  toRecord: (row: any) => unknown;
  /** Payload -> column values (without id). */
  toColumns: (input: z.infer<S>) => Record<string, unknown>;
  /** Columns set on create only (timestamps). */
  createdColumns?: () => Record<string, unknown>;
  /** Throws a 409 when the values clash with another row (unique slugs). */
  checkUnique?: (db: Kysely<any>, values: Record<string, unknown>, id?: number) => Promise<void>;
  /** Runs in the update's transaction (a renamed plan renames its accounts' plan label). */
  afterUpdate?: (db: Kysely<any>, row: any) => Promise<void>;
  /** Throws (a 409) when the row must not be deleted (a plan that accounts are on). */
  checkDelete?: (db: Kysely<any>, id: number) => Promise<void>;
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
  const db = app.db as unknown as Kysely<any>;
  const path = `/api/v1/${resource}`;
  const read = options.publishedReadForAll ? requireUser : requireSection(section, 'read');
  const write = requireSection(section, 'write');

  const publishedOnly = (request: FastifyRequest) =>
    Boolean(options.publishedReadForAll && readableByAll(request, options));
  const visibleQuery = (onlyPublished: boolean) => {
    const query = db.selectFrom(table).selectAll();
    return onlyPublished ? query.where('published', '=', 1) : query;
  };
  const visible = (request: FastifyRequest) => visibleQuery(publishedOnly(request));

  const findOne = async (request: FastifyRequest, id: number) => {
    const row = await visible(request).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  };

  /** A create's body, or an update's (`stored` is the record it may echo). */
  const parseBody = (request: FastifyRequest, id?: number, stored?: object) => {
    const input = (
      stored
        ? parseUpdate(options.schema, request.body, stored)
        : parsePayload(options.schema, request.body)
    ) as z.infer<S> & { id?: number };
    if (input.id !== undefined && input.id !== id) {
      throw badRequest('id: does not match the record being written.', 'id');
    }
    return options.toColumns(input);
  };

  app.get(path, { preHandler: read }, (request, reply) =>
    sendCachedList(request, reply, resource, async () => {
      const list = parseListQuery(request.query, options.list);
      const onlyPublished = publishedOnly(request);
      const source = {
        name: resource,
        variant: onlyPublished ? 'published' : 'all',
        base: () => visibleQuery(onlyPublished),
      };
      const { rows, total } = await runListQuery(db, source, list, options.list);
      return { rows: rows.map(options.toRecord), start: list.start, total };
    }),
  );

  app.get(`${path}/:id`, { preHandler: read }, async (request) => {
    return options.toRecord(await findOne(request, parseId(request.params)));
  });

  app.post(path, { preHandler: write, bodyLimit: CONTENT_BODY_LIMIT }, async (request) => {
    const values = parseBody(request);
    const row = await db.transaction().execute(async (trx) => {
      await options.checkUnique?.(trx, values);
      return trx
        .insertInto(table)
        .values({ ...values, ...options.createdColumns?.() })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return options.toRecord(row);
  });

  app.put(`${path}/:id`, { preHandler: write, bodyLimit: CONTENT_BODY_LIMIT }, async (request) => {
    const id = parseId(request.params);
    const stored = options.toRecord(await findOne(request, id)) as object;
    const values = parseBody(request, id, stored);
    const row = await db.transaction().execute(async (trx) => {
      await options.checkUnique?.(trx, values, id);
      const updated = await trx
        .updateTable(table)
        .set(values)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (updated) await options.afterUpdate?.(trx, updated);
      return updated;
    });
    if (!row) throw notFound();
    return options.toRecord(row);
  });

  app.delete(`${path}/:id`, { preHandler: write }, async (request) => {
    const id = parseId(request.params);
    await options.checkDelete?.(db, id);
    const row = await db.deleteFrom(table).where('id', '=', id).returningAll().executeTakeFirst();
    if (!row) throw notFound();
    return options.toRecord(row);
  });
}

/** A checkUnique for one unique column: 409 naming the field when another row has the value. */
export function uniqueColumn(
  table: ContentResource<z.ZodType>['table'],
  column: string,
  field: string,
) {
  return async (db: Kysely<any>, values: Record<string, unknown>, id?: number) => {
    let query = db.selectFrom(table).select('id').where(column, '=', values[column]);
    if (id !== undefined) query = query.where('id', '!=', id);
    if (await query.executeTakeFirst()) {
      throw conflict(`${field}: "${String(values[column])}" is already used.`, field);
    }
  };
}
