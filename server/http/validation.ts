import { z } from 'zod';
import { ApiError, badRequest } from '../errors';

/** Where a payload comes from: Fastify's names of the request's parts. */
export type PayloadPart = 'body' | 'querystring' | 'params' | 'headers';

const UNKNOWN: Record<PayloadPart, string> = {
  body: 'field',
  querystring: 'query parameter',
  params: 'route parameter',
  headers: 'header',
};

/**
 * The 400 for a payload (body, query string, route parameters) its schema refused, naming the
 * first wrong field. Schemas are strict objects, so an unknown field is an error too. Used by
 * parsePayload and by the route schemas' validator (plugins/zodSchemas.ts).
 */
export function payloadError(
  error: z.ZodError,
  payload: unknown,
  part: PayloadPart = 'body',
): ApiError {
  const issue = error.issues[0];
  const field = issue.path.join('.') || undefined;
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.join(', ');
    const noun = `${UNKNOWN[part]}${issue.keys.length > 1 ? 's' : ''}`;
    return badRequest(`Unknown ${noun}: ${keys}.`, issue.keys[0]);
  }
  if (part === 'body' && (payload === undefined || payload === null)) {
    return badRequest('A JSON body is required.');
  }
  return badRequest(field ? `${field}: ${issue.message}` : issue.message, field);
}

/** Validates a payload against its schema and answers 400 naming the first wrong field. */
export function parsePayload<S extends z.ZodType>(schema: S, payload: unknown): z.infer<S> {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  throw payloadError(result.error, payload);
}
