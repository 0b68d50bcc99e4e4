import type { FastifyInstance } from 'fastify';
import { jsonHasNul, nulPath, nulRefused } from './nulCharacters';

/**
 * JSON bodies, where an empty body counts as no body. The web app sends a JSON content type on
 * every call (spec §7), including DELETEs and actions without a payload; routes that need a
 * body still answer 400 "A JSON body is required" through parsePayload. Anything else goes
 * to Fastify's own parser (which refuses __proto__ and constructor poisoning). Text with a NUL
 * character answers 400 naming its field (nulCharacters.ts).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (!jsonHasNul(text)) {
      parseJson(request, text, done);
      return;
    }
    parseJson(request, text, (error, value) => {
      if (error) done(error, undefined);
      else done(nulRefused(nulPath(value) ?? 'body'), undefined);
    });
  });
}
