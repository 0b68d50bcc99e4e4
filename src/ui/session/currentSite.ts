import { PLATFORM_SITE } from '../../../common/types';
import { siteFromHost } from '../../../common/site';

function baseDomain(): string {
  return import.meta.env.VITE_BASE_DOMAIN ?? 'localhost';
}

/** The tenant site of the page's host (`acme.localhost:3000` -> `acme`), `www` on the root. */
export function currentSite(): string {
  return siteFromHost(window.location.host, baseDomain());
}

/** True on the root host (no sub-domain, or `www`): the platform's own pages. */
export function isRootHost(): boolean {
  return currentSite() === PLATFORM_SITE;
}

/** A path on a site's own host (`acme` -> `http://acme.localhost:3000/login`; the platform's on the base domain). */
export function siteHostUrl(site: string, path: string): string {
  if (site === currentSite()) return path;
  const { protocol, port } = window.location;
  const host = site === PLATFORM_SITE ? baseDomain() : `${site}.${baseDomain()}`;
  return `${protocol}//${host}${port ? `:${port}` : ''}${path}`;
}
