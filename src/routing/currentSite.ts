import { PLATFORM_SITE } from '../model/types';
import { siteFromHost } from '../model/site';

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

/**
 * A path on the root host: as is when already there, else an absolute URL on the base domain
 * (`http://acme.localhost:3000` -> `http://localhost:3000/register`).
 */
export function rootHostUrl(path: string): string {
  if (isRootHost()) return path;
  const { protocol, port } = window.location;
  return `${protocol}//${baseDomain()}${port ? `:${port}` : ''}${path}`;
}

/** A path on a site's own host (`acme` -> `http://acme.localhost:3000/login`). */
export function siteHostUrl(site: string, path: string): string {
  if (site === PLATFORM_SITE) return rootHostUrl(path);
  if (site === currentSite()) return path;
  const { protocol, port } = window.location;
  return `${protocol}//${site}.${baseDomain()}${port ? `:${port}` : ''}${path}`;
}
