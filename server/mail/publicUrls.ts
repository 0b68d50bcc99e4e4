import { PLATFORM_SITE } from '../../common/types';
import type { Config } from '../config';

// Absolute links that leave the server (in e-mails, or answered to be shown) are built from
// configuration only. A link built from the request's Host or X-Forwarded-Host would let
// anyone send a user a password link to a server of their choosing.

/**
 * `scheme://[<site>.]<base host>[:port]` of a site: the public base URL (PUBLIC_URL, else
 * `http://<BASE_DOMAIN>:<PORT>`) with the tenant's site as sub-domain; the platform has none.
 */
export function siteOrigin(config: Pick<Config, 'publicUrl'>, site: string): string {
  const url = new URL(config.publicUrl);
  if (site !== PLATFORM_SITE) url.hostname = `${site}.${url.hostname}`;
  return url.origin;
}

/** The absolute URL of `path` (starting with `/`) on a site. */
export function siteUrl(config: Pick<Config, 'publicUrl'>, site: string, path: string): string {
  return `${siteOrigin(config, site)}${path}`;
}
