import type { z } from 'zod';
import { ID_PARAMS } from './idParams';
import { listOf, routeSchemasOf } from './routeSchema';
import { updateBodySchema } from './updateBodySchema';

// The route schemas of a simple-rest record resource: list, show, create, update, remove.

export type RecordRoute = 'list' | 'show' | 'create' | 'update' | 'remove';

type WithBody<B> = B extends z.ZodType ? { body: B } : unknown;
type WithUpdateBody<C, U> = C extends z.ZodType ? { body: z.ZodType } : WithBody<U>;

export interface RecordResource<
  R extends z.ZodType,
  D extends z.ZodType,
  C extends z.ZodType | undefined,
  U extends z.ZodType | undefined,
> {
  tag: string;
  /** Names one record in the default summaries ("List ${noun}s", "Read one ${noun}", …). */
  noun: string;
  /** A record as lists, creates and deletes answer it. */
  record: R;
  /** A record as show and update answer it, when it says more than `record`. */
  detail?: D;
  /** The create payload. */
  create?: C;
  /**
   * The update payload when it is not the create payload. Either way the route also takes the
   * record's read-only fields echoed unchanged (updateBodySchema; parseUpdate checks them).
   */
  update?: U;
}

type CreateParts<R, C> = { answer: R } & WithBody<C>;
type UpdateParts<D, C, U> = { params: typeof ID_PARAMS; answer: D } & WithUpdateBody<C, U>;

/** The create route's parts: the create payload, if any, and `record` answered. */
function createParts<R extends z.ZodType, C extends z.ZodType | undefined>(
  record: R,
  create: C | undefined,
): CreateParts<R, C> {
  return (create ? { body: create, answer: record } : { answer: record }) as CreateParts<R, C>;
}

/** The update route's parts: the id, the payload with the read-only fields, `detail` answered. */
function updateParts<
  D extends z.ZodType,
  C extends z.ZodType | undefined,
  U extends z.ZodType | undefined,
>(detail: D, payload: C | U | undefined): UpdateParts<D, C, U> {
  const parts = { params: ID_PARAMS, answer: detail };
  const body = payload ? { body: updateBodySchema(payload, detail) } : {};
  return { ...parts, ...body } as UpdateParts<D, C, U>;
}

export function recordRouteSchemas<
  R extends z.ZodType,
  C extends z.ZodType | undefined = undefined,
  U extends z.ZodType | undefined = undefined,
  D extends z.ZodType = R,
>(resource: RecordResource<R, D, C, U>, summaries: Partial<Record<RecordRoute, string>> = {}) {
  const { noun, record } = resource;
  const detail = (resource.detail ?? record) as D;
  const route = routeSchemasOf(resource.tag);
  return {
    list: route(summaries.list ?? `List ${noun}s`, listOf(record)),
    show: route(summaries.show ?? `Read one ${noun}`, { params: ID_PARAMS, answer: detail }),
    create: route(
      summaries.create ?? `Create a ${noun}`,
      createParts<R, C>(record, resource.create),
    ),
    update: route(
      summaries.update ?? `Change a ${noun}`,
      updateParts<D, C, U>(detail, resource.update ?? resource.create),
    ),
    remove: route(summaries.remove ?? `Delete a ${noun}`, { params: ID_PARAMS, answer: record }),
  };
}
