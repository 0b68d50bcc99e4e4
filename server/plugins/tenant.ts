import type { FastifyInstance } from 'fastify';
import { siteFromHost } from '../../common/site';
import { PLATFORM_SITE, type Account } from '../../common/types';
import { findAccountRowBySite } from '../db/accounts';
import { toAccount } from '../db/rows';
import { writeWatcherOf } from '../db/tableWrites';
import { WriteAwareCache } from '../db/writeAwareCache';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant this request is for: `site` header, else Host sub-domain, else 'www'. */
    site: string;
    /** The account of `site`, or null when no account has that site. */
    account: Account | null;
  }
  interface FastifyContextConfig {
    /** A route about the instance, not a tenant (its health): no account is looked up. */
    withoutTenant?: boolean;
    /** A page (not an API path) that needs its tenant's account: the embed page. */
    tenantPage?: boolean;
  }
}

/**
 * Accounts by site, kept briefly: every API request needs its account. Any write to
 * `accounts` in this process empties the cache at once; other instances sharing the store
 * see a change within the TTL.
 */
const ACCOUNT_CACHE = { tables: ['accounts'], ttlMs: 5_000, maxEntries: 1_000 } as const;

function resolveSite(
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
  const accounts = new WriteAwareCache<Account | null>(writeWatcherOf(app.db), ACCOUNT_CACHE);
  const loadAccount = async (site: string) => {
    const row = await findAccountRowBySite(app.db, site);
    return row ? toAccount(row) : null;
  };

  app.decorateRequest('site', '');
  app.decorateRequest('account', null);
  app.addHook('onRequest', async (request) => {
    request.site = resolveSite(request.headers.site, request.headers.host, baseDomain);
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/node/');
    if (!isApi && !request.routeOptions.config?.tenantPage) return;
    if (request.routeOptions.config?.withoutTenant) return;
    const site = request.site;
    // A cached Account is shared between requests: hand each one its own copy.
    const account = await accounts.get(site, () => loadAccount(site));
    request.account = account && { ...account };
  });
}
