import { z } from 'zod';
import { ApiError, badRequest } from './errors';

/**
 * The 400 for a payload (body, query string, route parameters) its schema refused, naming the
 * first wrong field. Schemas are strict objects, so an unknown field is an error too. Used by
 * parsePayload and by the route schemas' validator (plugins/zodSchemas.ts).
 */
export function payloadError(error: z.ZodError, payload: unknown): ApiError {
  const issue = error.issues[0];
  const field = issue.path.join('.') || undefined;
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.join(', ');
    return badRequest(`Unknown field${issue.keys.length > 1 ? 's' : ''}: ${keys}.`, issue.keys[0]);
  }
  if (payload === undefined || payload === null) return badRequest('A JSON body is required.');
  return badRequest(field ? `${field}: ${issue.message}` : issue.message, field);
}

/** Validates a payload against its schema and answers 400 naming the first wrong field. */
export function parsePayload<S extends z.ZodType>(schema: S, payload: unknown): z.infer<S> {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  throw payloadError(result.error, payload);
}
