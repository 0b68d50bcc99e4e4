import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { badRequest } from '../errors';
import { parsePayload } from './validation';

// The update half of the ra-data-simple-rest contract: an edit form sends the
// record it fetched with getOne back whole, so an update body may carry the fields the server
// owns (id, accountId, site, timestamps, counts). Those equal to the stored record are
// ignored; a changed one is a 400 naming it; a field the record does not have is still an
// unknown field (the schema refuses it).

type Stored = Record<string, unknown>;

/** Stamps the server sets on every write, read-only on update whatever a schema accepts. */
const SERVER_STAMPS = ['createdAt', 'updatedAt'];

/** The top-level keys an object schema accepts (through unions, pipes and wrappers). */
export function payloadKeysOf(schema: z.ZodType): Set<string> {
  if (schema instanceof z.ZodObject) return new Set(Object.keys(schema.shape));
  if (schema instanceof z.ZodUnion) {
    return new Set(schema.options.flatMap((option) => [...payloadKeysOf(option as z.ZodType)]));
  }
  if (schema instanceof z.ZodPipe) return payloadKeysOf(schema.in as z.ZodType);
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault
  ) {
    return payloadKeysOf(schema.unwrap() as z.ZodType);
  }
  return new Set();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The stored value as it travelled in the getOne answer (JSON), or as form text. */
function sameAsStored(sent: unknown, stored: unknown, asText: boolean): boolean {
  if (asText) return String(sent) === String(stored ?? '');
  const served: unknown = stored === undefined ? undefined : JSON.parse(JSON.stringify(stored));
  return isDeepStrictEqual(sent, served);
}

interface ReadOnlyEchoOptions {
  /** Multipart form fields arrive as text: compare the stored value's text. */
  asText?: boolean;
  /** Fields the schema accepts on create that an update may not change (a derived count). */
  readOnly?: readonly string[];
}

/**
 * The body without the read-only fields it echoes unchanged: a field the schema does not
 * accept but the stored record (as the API serves it) has. A changed one answers 400.
 */
function withoutReadOnlyEcho<T>(
  body: T,
  stored: Stored,
  writable: ReadonlySet<string>,
  { asText = false }: ReadOnlyEchoOptions = {},
): T {
  if (!isPlainObject(body)) return body;
  const kept: Record<string, unknown> = {};
  const changed: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (writable.has(key) || !Object.hasOwn(stored, key)) kept[key] = value;
    else if (!sameAsStored(value, stored[key], asText)) changed.push(key);
  }
  if (changed.length > 0) {
    const many = changed.length > 1;
    throw badRequest(
      `${changed.join(', ')}: ${many ? 'are' : 'is'} read-only and cannot be changed.`,
      changed[0],
    );
  }
  return kept as T;
}

/**
 * Validates an update body against its schema after dropping the read-only fields that echo
 * `stored` (the record as GET /<resource>/{id} answers it).
 */
export function parseUpdate<S extends z.ZodType>(
  schema: S,
  body: unknown,
  stored: object,
  options: ReadOnlyEchoOptions = {},
): z.infer<S> {
  const writable = payloadKeysOf(schema);
  for (const key of [...SERVER_STAMPS, ...(options.readOnly ?? [])]) writable.delete(key);
  return parsePayload(schema, withoutReadOnlyEcho(body, stored as Stored, writable, options));
}

/** A body's `id`, when it carries one, must be the record being written (none on create). */
export function checkBodyId(bodyId: unknown, id: number | undefined): void {
  if (bodyId !== undefined && bodyId !== id) {
    throw badRequest('id: does not match the record being written.', 'id');
  }
}
