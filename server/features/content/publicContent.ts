import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors';

// Platform content anonymous visitors read: published information pages and published
// messages. Unpublished content answers 404 like content that does not exist.

export function registerPublicContentRoutes(app: FastifyInstance): void {
  app.get('/api/v1/public/info', async () => {
    return app.db
      .selectFrom('info_pages')
      .select(['slug', 'title'])
      .where('published', '=', 1)
      .orderBy('title')
      .execute();
  });

  app.get<{ Params: { '*': string } }>('/api/v1/public/info/*', async (request) => {
    const slug = request.params['*'];
    const row = await app.db
      .selectFrom('info_pages')
      .select(['slug', 'title', 'body'])
      .where('slug', '=', slug)
      .where('published', '=', 1)
      .executeTakeFirst();
    if (!row) throw notFound('Page');
    return row;
  });

  app.get<{ Params: { type: string } }>('/api/v1/public/messages/:type', async (request) => {
    const row = await app.db
      .selectFrom('messages')
      .select(['type', 'title', 'body'])
      .where('type', '=', request.params.type)
      .where('published', '=', 1)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!row) throw notFound('Message');
    return row;
  });

  app.get<{ Params: { type: string; id: string } }>(
    '/api/v1/public/messages/:type/:id',
    async (request) => {
      // Digits only: Number() would read '0x10' or '1e1' as another message's id.
      const id = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : 0;
      if (id < 1) throw notFound('Message');
      const row = await app.db
        .selectFrom('messages')
        .select(['type', 'title', 'body'])
        .where('id', '=', id)
        .where('type', '=', request.params.type)
        .where('published', '=', 1)
        .executeTakeFirst();
      if (!row) throw notFound('Message');
      return row;
    },
  );
}
