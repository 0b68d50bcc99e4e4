import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../errors';
import { findLogoOfAccount, findProfileOfAccount } from './repository';
import { SITE_LOGO, SITE_PROFILE } from './schemas';

// The brand of the resolved site, public because the sign-in and home pages show it:
// GET /api/v1/companyProfile and GET /api/v1/logo. Both answer 404 when the site has none.

function accountIdOfSite(request: FastifyRequest): number {
  if (!request.account) throw notFound('Company profile');
  return request.account.id;
}

/** Strong validator of the logo bytes, so a changed logo is fetched again at once. */
function etagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

export function registerBrandOfSiteRoutes(app: FastifyInstance): void {
  app.get('/api/v1/companyProfile', { schema: SITE_PROFILE }, async (request) => {
    const profile = await findProfileOfAccount(app.db, accountIdOfSite(request));
    if (!profile) throw notFound('Company profile');
    return profile;
  });

  app.get('/api/v1/logo', { schema: SITE_LOGO }, async (request, reply) => {
    const logo = await findLogoOfAccount(app.db, accountIdOfSite(request));
    if (!logo) throw notFound('Logo');
    const etag = etagOf(logo.bytes);
    reply
      .header('ETag', etag)
      // Revalidate every time: the answer depends on the site, and a new logo shows at once.
      .header('Cache-Control', 'private, no-cache')
      .header('Vary', 'site')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'");
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.type(logo.mime).send(logo.bytes);
  });
}
