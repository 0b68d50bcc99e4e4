import { PLATFORM_SITE, type User } from '../../../common/types';
import { currentSite } from '../session/currentSite';
import { SESSION_KEYS, readSessionJson } from '../api/storageKeys';

// Whose brand the app shows: the signed-in user's account, else the host's site. The platform
// (the root host) has no company profile and shows the product's own name; a tenant's pages
// never do (not even while its profile loads).

export const PRODUCT_NAME = 'Brandboard';

function brandSite(): string {
  return readSessionJson<User>(SESSION_KEYS.user)?.site ?? currentSite();
}

/** True when the platform's own brand shows: no company profile to ask the server for. */
export function isPlatformBrand(): boolean {
  return brandSite() === PLATFORM_SITE;
}

/** The name the brand shows when no profile is loaded: the product's on the platform only. */
export function fallbackBrandName(): string {
  return isPlatformBrand() ? PRODUCT_NAME : '';
}
