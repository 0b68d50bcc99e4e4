import { PLATFORM_SITE } from './types';

/**
 * The tenant site named by a host under the base domain: `acme.localhost:3000` -> `acme`.
 * The bare base domain, `www`, an IP address or a foreign host name the platform.
 */
export function siteFromHost(host: string | undefined, baseDomain: string): string {
  if (!host) return PLATFORM_SITE;
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  const base = baseDomain.toLowerCase();
  if (!hostname.endsWith(`.${base}`)) return PLATFORM_SITE;
  const prefix = hostname.slice(0, -(base.length + 1));
  const site = prefix.split('.').pop() ?? '';
  return site === '' ? PLATFORM_SITE : site;
}

/** Sites are DNS labels: lower-case letters, digits and inner hyphens, 2 to 40 characters. */
export const SITE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])$/;
