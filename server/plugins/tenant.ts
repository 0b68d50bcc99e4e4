import type { FastifyInstance } from 'fastify';
import { siteFromHost } from '../../src/model/site';
import { PLATFORM_SITE, type Account } from '../../src/model/types';
import { toAccount } from '../db/rows';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant this request is for: `site` header, else Host sub-domain, else 'www'. */
    site: string;
    /** The account of `site`, or null when no account has that site. */
    account: Account | null;
  }
}

export function resolveSite(
  siteHeader: string | string[] | undefined,
  host: string | undefined,
  baseDomain: string,
): string {
  const header = Array.isArray(siteHeader) ? siteHeader[0] : siteHeader;
  const fromHeader = header?.trim().toLowerCase();
  if (fromHeader) return fromHeader;
  return siteFromHost(host, baseDomain) || PLATFORM_SITE;
}

export function registerTenantResolution(app: FastifyInstance, baseDomain: string): void {
  app.decorateRequest('site', '');
  app.decorateRequest('account', null);
  app.addHook('onRequest', async (request) => {
    request.site = resolveSite(request.headers.site, request.headers.host, baseDomain);
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/node/')) return;
    const row = await app.db
      .selectFrom('accounts')
      .selectAll()
      .where('site', '=', request.site)
      .executeTakeFirst();
    request.account = row ? toAccount(row) : null;
  });
}
