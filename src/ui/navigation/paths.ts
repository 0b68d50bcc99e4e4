import type { Role } from '../../../common/types';
import { SECTIONS, canAccess, type Section } from '../../../common/sections';
import { redirectTargetFromSearch } from '../session/authProvider';

// Where the web app sends people, in one place: the sign-in redirect, the landing page after
// sign-in, and which paths belong to a protected section.

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/home';
export const REGISTER_PATH = '/register';
/** The plans on the home page. */
export const PRICING_SECTION_PATH = '/home#pricing';
/** The own profile (name, password), open to every signed-in user whatever the role. */
export const PROFILE_PATH = '/profile';

/** The section a path belongs to (`/users/5` -> `users`), or null for any other path. */
export function sectionOfPath(pathname: string): Section | null {
  const first = pathname.split('/').find((segment) => segment !== '') ?? '';
  return (SECTIONS as readonly string[]).includes(first) ? (first as Section) : null;
}

/** True for the paths behind sign-in: the sections and the pages every user has. */
export function isProtectedPath(pathname: string): boolean {
  return sectionOfPath(pathname) !== null || pathname.replace(/\/+$/, '') === PROFILE_PATH;
}

/** Marks the dashboards list opened right after sign-in: with no dashboards it goes on to
 * getting-started (the list knows whether there are any; this module cannot). */
export const LANDING_PARAM = 'landing';

/**
 * Where a user lands after sign-in when no page was remembered: platform admins on accounts,
 * tenant users on their dashboards (or getting-started when they have none).
 */
export function defaultLandingFor(role: Role): string {
  return role === 'platform-admin' ? '/accounts' : `/dashboards?${LANDING_PARAM}`;
}

/**
 * The page to open after sign-in: the path remembered in `?redirect=` (a local path only, see
 * redirectTargetFromSearch) when the role may use it, else the role's landing page.
 */
export function afterSignInPath(role: Role, search: string): string {
  const remembered = redirectTargetFromSearch(search);
  if (remembered === null) return defaultLandingFor(role);
  const section = sectionOfPath(new URL(remembered, 'http://x').pathname);
  if (section !== null && !canAccess(role, section, 'read')) return defaultLandingFor(role);
  return remembered;
}
