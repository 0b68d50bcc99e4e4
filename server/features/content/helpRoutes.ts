import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { SECTIONS } from '../../../src/model/sections';
import { requireUser } from '../../plugins/auth';
import { parsePayload } from '../../http/validation';
import { toHelpSection } from './records';

// GET /api/v1/help?section=&q=: the published help articles every signed-in user reads in the
// help panel, those about one section of the product (its page opens the panel on them) and/or
// matching a search, in their groups' order.

const MAX_ARTICLES = 200;

const helpQuerySchema = z.strictObject({
  section: z.enum(SECTIONS).optional(),
  q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
});

function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function registerHelpRoutes(app: FastifyInstance): void {
  app.get('/api/v1/help', { preHandler: requireUser }, async (request) => {
    const { section, q } = parsePayload(helpQuerySchema, request.query ?? {});
    let query = app.db.selectFrom('help_sections').selectAll().where('published', '=', 1);
    if (section) {
      query = query.where(sql<boolean>`(',' || sections || ',') like ${`%,${section},%`}`);
    }
    if (q) {
      const pattern = likePattern(q);
      query = query.where(
        sql<boolean>`(lower(title) like ${pattern} escape '\\' or lower(body) like ${pattern} escape '\\')`,
      );
    }
    const rows = await query
      .orderBy('group_name')
      .orderBy('sort_order')
      .orderBy('id')
      .limit(MAX_ARTICLES)
      .execute();
    return { articles: rows.map(toHelpSection) };
  });
}
