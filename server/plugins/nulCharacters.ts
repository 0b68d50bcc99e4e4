import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';

// No text the API takes may hold a NUL character: PostgreSQL cannot store or compare one (it
// would fail the query), and no name, title or id has a use for it. Path parameters and the
// query string are checked here, JSON bodies where they are parsed (jsonBody.ts).

const NUL = '\u0000';

export const nulRefused = (where: string) =>
  badRequest(`${where} may not contain the NUL character.`, where);

function firstWithNul(values: unknown): string | undefined {
  if (!values || typeof values !== 'object') return undefined;
  return Object.entries(values).find(([, value]) =>
    (Array.isArray(value) ? value : [value]).some(
      (item) => typeof item === 'string' && item.includes(NUL),
    ),
  )?.[0];
}

export function registerNulRefusal(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const name = firstWithNul(request.params) ?? firstWithNul(request.query);
    if (name !== undefined) throw nulRefused(name);
  });
}

/**
 * The dotted path of the first string (or key) holding a NUL in a parsed JSON value, naming
 * the field at fault (`config.database`); `body` for the value itself.
 */
export function nulPath(value: unknown, path = ''): string | undefined {
  const here = path || 'body';
  if (typeof value === 'string') return value.includes(NUL) ? here : undefined;
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return here;
    const found = nulPath(item, at);
    if (found) return found;
  }
  return undefined;
}

/** Whether JSON text holds an escaped NUL (`\u0000` not itself preceded by a backslash). */
export function jsonHasNul(text: string): boolean {
  return /(?:^|[^\\])(?:\\\\)*\\u0000/i.test(text);
}
