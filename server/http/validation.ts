import { z } from 'zod';
import { badRequest } from './errors';

/**
 * Validates a payload against its schema and answers 400 naming the first wrong field.
 * Schemas are strict objects, so an unknown field is an error too.
 */
export function parsePayload<S extends z.ZodType>(schema: S, payload: unknown): z.infer<S> {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.join('.') || undefined;
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.join(', ');
    throw badRequest(`Unknown field${issue.keys.length > 1 ? 's' : ''}: ${keys}.`, issue.keys[0]);
  }
  if (payload === undefined || payload === null) throw badRequest('A JSON body is required.');
  throw badRequest(field ? `${field}: ${issue.message}` : issue.message, field);
}
