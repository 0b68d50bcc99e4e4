import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth';
import { toHelpSection } from './records';
import { findHelpArticles } from './repository';
import { HELP } from './schemas';

// GET /api/v1/help?section=&q=: the published help articles every signed-in user reads in the
// help panel, those about one section of the product (its page opens the panel on them) and/or
// matching a search, in their groups' order.

export function registerHelpRoutes(app: FastifyInstance): void {
  const options = { preValidation: requireUser, schema: HELP };
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/help', options, async (request) => {
    const { section, q } = request.query;
    const rows = await findHelpArticles(app.db, section, q);
    return { articles: rows.map(toHelpSection) };
  });
}
