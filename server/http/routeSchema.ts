import { z } from 'zod';
import { LIST_ANSWER_DESCRIPTION, LIST_QUERYSTRING } from './listQuerySchema';

// One line per route schema: `route(summary, { params?, querystring?, body?, answer? })`
// declares the OpenAPI tag, the summary, what the route takes and its 200 answer.

interface RouteParts {
  /** Documentation beyond the summary. */
  description?: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** A multipart form the handler reads itself (documented only; see plugins/openApi.ts). */
  formBody?: z.ZodType;
  /**
   * A JSON body the handler checks itself, answering in another protocol's error shape (SCIM):
   * documented only, as `formBody` is.
   */
  handlerBody?: z.ZodType;
  /** The 200 answer; none for a route that answers something else than JSON (an image). */
  answer?: z.ZodType;
}

type ResponseOf<P extends RouteParts> = P extends { answer: infer A }
  ? { response: { 200: A } }
  : unknown;

type RouteSchema<P extends RouteParts> = Omit<P, 'answer'> & {
  tags: string[];
  summary: string;
} & ResponseOf<P>;

/** The route schema builder of one OpenAPI tag. */
export function routeSchemasOf(tag: string) {
  const tags = [tag];
  return <P extends RouteParts>(summary: string, parts: P): RouteSchema<P> => {
    const { answer, ...taken } = parts;
    const response = answer ? { response: { 200: answer } } : {};
    return { ...taken, tags, summary, ...response } as RouteSchema<P>;
  };
}

/** The parts of a simple-rest list route: its query string and a page of `record`. */
export function listOf<R extends z.ZodType>(record: R) {
  return {
    querystring: LIST_QUERYSTRING,
    answer: z.array(record).describe(LIST_ANSWER_DESCRIPTION),
  };
}
