import { z } from 'zod';
import { ID_PARAMS } from './idParams';
import { LIST_ANSWER_DESCRIPTION, LIST_QUERYSTRING } from './listQuerySchema';
import { updateBodySchema } from './updateBodySchema';

// The route schemas of a simple-rest record resource: list, show, create, update, remove.

export type RecordRoute = 'list' | 'show' | 'create' | 'update' | 'remove';

type WithBody<B> = B extends z.ZodType ? { body: B } : unknown;
type WithUpdateBody<C, U> = C extends z.ZodType ? { body: z.ZodType } : WithBody<U>;

export interface RecordRouteOptions<
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
  summaries?: Partial<Record<RecordRoute, string>>;
}

export function recordRouteSchemas<
  R extends z.ZodType,
  C extends z.ZodType | undefined = undefined,
  U extends z.ZodType | undefined = undefined,
  D extends z.ZodType = R,
>(options: RecordRouteOptions<R, D, C, U>) {
  const { noun, record } = options;
  const detail = (options.detail ?? record) as D;
  const tags = [options.tag];
  const summary = (route: RecordRoute, fallback: string) => options.summaries?.[route] ?? fallback;
  const updatePayload = options.update ?? options.create;
  return {
    list: {
      tags,
      summary: summary('list', `List ${noun}s`),
      querystring: LIST_QUERYSTRING,
      response: { 200: z.array(record).describe(LIST_ANSWER_DESCRIPTION) },
    },
    show: {
      tags,
      summary: summary('show', `Read one ${noun}`),
      params: ID_PARAMS,
      response: { 200: detail },
    },
    create: {
      tags,
      summary: summary('create', `Create a ${noun}`),
      ...(options.create ? { body: options.create } : {}),
      response: { 200: record },
    } as { tags: string[]; summary: string; response: { 200: R } } & WithBody<C>,
    update: {
      tags,
      summary: summary('update', `Change a ${noun}`),
      params: ID_PARAMS,
      ...(updatePayload ? { body: updateBodySchema(updatePayload, detail) } : {}),
      response: { 200: detail },
    } as {
      tags: string[];
      summary: string;
      params: typeof ID_PARAMS;
      response: { 200: D };
    } & WithUpdateBody<C, U>,
    remove: {
      tags,
      summary: summary('remove', `Delete a ${noun}`),
      params: ID_PARAMS,
      response: { 200: record },
    },
  };
}
