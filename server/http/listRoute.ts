import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendCachedList } from './listAnswerCache';
import { parseListQuery, type ListOptions, type ListQuery } from './simpleRest';

// The one recipe of a simple-rest list route (GET /api/v1/<resource>): the request's `sort`,
// `range` and `filter` (with `q`) checked against the list's options (400 naming what is
// wrong), the page read by the area's repository, and the answer (the records, Content-Range
// and X-Total-Count) sent, or the same answer kept from an identical earlier call while the
// store is unchanged (listAnswerCache.ts).
//
//   app.get(path, { preValidation: canRead, schema: THINGS.list }, listRoute({
//     resource: 'things',
//     options: LIST,
//     page: async (request, query) => {
//       const { rows, total } = await runListQuery(app.db, source, query, LIST); // db/listQuery
//       return { records: rows.map(toThing), total };
//     },
//   }));

export interface ListRoute<R> {
  /** The resource named in Content-Range and the list cache's key. */
  resource: string;
  /** The fields a request may sort, filter and search by, and their columns. */
  options: ListOptions;
  /**
   * The records of the page `query` asks for, and how many match in all. It may depend on
   * nothing but the store's rows and the signed-in user (the answer is kept per user and URL).
   */
  page: (request: FastifyRequest, query: ListQuery) => Promise<{ records: R[]; total: number }>;
}

/** The handler of a list route; its route checks who may read before it runs. */
export function listRoute<R>(list: ListRoute<R>) {
  return (request: FastifyRequest, reply: FastifyReply) =>
    sendCachedList(request, reply, list.resource, async () => {
      const query = parseListQuery(request.query, list.options);
      const { records, total } = await list.page(request, query);
      return { rows: records, start: query.start, total };
    });
}
