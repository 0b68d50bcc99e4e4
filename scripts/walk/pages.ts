import { readFileSync } from 'node:fs';
import { sectionsFor, type Section } from '../../common/sections';
import type { Role } from '../../common/types';

// Which pages the walk visits, derived from the app's own tables so a new section or public
// route is walked (or reported) without editing a list: the role table (sectionsFor) for the
// signed-in sections, and the public route patterns read from src/app/routing/publicRoutes.tsx.

export type Host = 'root' | 'site';

export interface WalkPage {
  /** The picture's name part: `users`, `dashboards-record`, `info-about`. */
  name: string;
  path: string;
}

/** A walker: who signs in (or nobody) on which host. */
export interface Walker {
  name: string;
  host: Host;
  /** Username to sign in with; null walks the public pages anonymously. */
  username: string | null;
  role: Role | null;
}

export const WALKERS: Walker[] = [
  { name: 'admin', host: 'site', username: 'admin', role: 'admin' },
  { name: 'editor', host: 'site', username: 'editor', role: 'editor' },
  { name: 'viewer', host: 'site', username: 'viewer', role: 'viewer' },
  { name: 'platform', host: 'root', username: 'admin', role: 'platform-admin' },
  { name: 'anonymous-site', host: 'site', username: null, role: null },
  { name: 'anonymous-root', host: 'root', username: null, role: null },
];

/** The own profile page every signed-in user has (src/pages/profile/profileRoute.tsx). */
const PROFILE_PAGE: WalkPage = { name: 'profile', path: '/profile' };

/** Sections whose list holds no records to open (a tool page, a checklist). */
const SECTIONS_WITHOUT_RECORDS: Section[] = ['data-explorer', 'getting-started'];

/** Every section the role may read, at its list path, then the own profile. */
export function sectionPages(role: Role): WalkPage[] {
  const sections = sectionsFor(role).map((section) => ({ name: section, path: `/${section}` }));
  return [...sections, PROFILE_PAGE];
}

/** Sections whose first record the walk opens from the list (`<section>-record`). */
export function recordSections(role: Role): Section[] {
  return sectionsFor(role).filter((section) => !SECTIONS_WITHOUT_RECORDS.includes(section));
}

const PUBLIC_ROUTES_FILE = new URL('../../src/app/routing/publicRoutes.tsx', import.meta.url);

/** The `path="…"` patterns of the public routes, in the order the app declares them. */
export function publicRoutePatterns(source = readFileSync(PUBLIC_ROUTES_FILE, 'utf8')): string[] {
  return [...source.matchAll(/\bpath="([^"]+)"/g)].map((match) => match[1]);
}

/** What the walk created or found on the server to fill the public patterns' parameters. */
export interface WalkRecords {
  sharePath: string | null;
  embedPath: string | null;
  embedChartPath: string | null;
  createPasswordPath: string | null;
  pricingPath: string | null;
  infoSlugs: string[];
  /** A published message's type, for /messages/:type. */
  messageType: string | null;
}

type Examples = (records: WalkRecords, host: Host) => WalkPage[];

const only = (path: string | null, name: string): WalkPage[] => (path ? [{ name, path }] : []);

/**
 * A concrete page (or none on that host) for every public route pattern. A pattern missing
 * here is reported by the walk as not walked, and fails the walk's page-list test.
 */
export const PUBLIC_EXAMPLES: Record<string, Examples> = {
  '/': () => [{ name: 'root', path: '/' }],
  '/home': () => [{ name: 'home', path: '/home' }],
  '/register': () => [{ name: 'register', path: '/register' }],
  '/login': () => [{ name: 'login', path: '/login' }],
  '/share/dashboards/:dashboardId/:token': (records, host) =>
    host === 'site' ? only(records.sharePath, 'share') : [],
  '/embed/dashboards/*': (records, host) =>
    host === 'site' ? only(records.embedPath, 'embed') : [],
  '/embed/charts/*': (records, host) =>
    host === 'site' ? only(records.embedChartPath, 'embed-chart') : [],
  '/messages/:type/:id': () => [
    { name: 'message-registration-received', path: '/messages/registration/received' },
  ],
  '/messages/:type': (records) =>
    only(records.messageType && `/messages/${records.messageType}`, 'message'),
  '/create-password/:id': (records, host) =>
    host === 'site' ? only(records.createPasswordPath, 'create-password') : [],
  '/forgot-password': () => [{ name: 'forgot-password', path: '/forgot-password' }],
  '/info/:page/*': (records) =>
    records.infoSlugs.map((slug) => ({ name: `info-${slug}`, path: `/info/${slug}` })),
  '/pricing/:token': (records, host) =>
    host === 'root' ? only(records.pricingPath, 'pricing-token') : [],
};

/** The public pages of a host, and the patterns the walk has no example for. */
export function publicPages(
  records: WalkRecords,
  host: Host,
  patterns = publicRoutePatterns(),
): { pages: WalkPage[]; unknownPatterns: string[] } {
  const unknownPatterns = patterns.filter((pattern) => !(pattern in PUBLIC_EXAMPLES));
  const pages = patterns.flatMap((pattern) => PUBLIC_EXAMPLES[pattern]?.(records, host) ?? []);
  return { pages, unknownPatterns };
}

/** The pages a walker visits, before record pages found on the lists are added. */
export function pagesOf(walker: Walker, records: WalkRecords): WalkPage[] {
  if (walker.role) return sectionPages(walker.role);
  return publicPages(records, walker.host).pages;
}
