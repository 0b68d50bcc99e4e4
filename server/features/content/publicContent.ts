import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../errors';
import {
  findLatestPublishedMessage,
  findPublishedInfoLinks,
  findPublishedInfoPage,
  findPublishedMessage,
} from './repository';
import {
  PUBLIC_INFO,
  PUBLIC_INFO_LIST,
  PUBLIC_MESSAGE_BY_ID,
  PUBLIC_MESSAGE_OF_TYPE,
} from './schemas';
import { translationsOf } from './records';

// Platform content anonymous visitors read: published information pages and published
// messages. Unpublished content answers 404 like content that does not exist.

/** A row as answered: its translations parsed, the JSON column left out. */
function withTranslations<T extends { translations_json: string | null }>(
  row: T,
): Omit<T, 'translations_json'> & ReturnType<typeof translationsOf> {
  const answer: Partial<T> = { ...row };
  delete answer.translations_json;
  return { ...(answer as Omit<T, 'translations_json'>), ...translationsOf(row) };
}

export function registerPublicContentRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/v1/public/info', { schema: PUBLIC_INFO_LIST }, async () =>
    (await findPublishedInfoLinks(app.db)).map(withTranslations),
  );

  typed.get('/api/v1/public/info/*', { schema: PUBLIC_INFO }, async (request) => {
    const row = await findPublishedInfoPage(app.db, request.params['*']);
    if (!row) throw notFound('Page');
    return withTranslations(row);
  });

  const ofType = { schema: PUBLIC_MESSAGE_OF_TYPE };
  typed.get('/api/v1/public/messages/:type', ofType, async (request) => {
    const row = await findLatestPublishedMessage(app.db, request.params.type);
    if (!row) throw notFound('Message');
    return row;
  });

  const byId = { schema: PUBLIC_MESSAGE_BY_ID };
  typed.get('/api/v1/public/messages/:type/:id', byId, async (request) => {
    // Digits only: Number() would read '0x10' or '1e1' as another message's id.
    const id = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : 0;
    if (id < 1) throw notFound('Message');
    const row = await findPublishedMessage(app.db, request.params.type, id);
    if (!row) throw notFound('Message');
    return row;
  });
}
