import { describe, expect, it } from 'vitest';
import {
  MENU_GROUPS,
  TOP_LEVEL_SECTIONS,
  visibleMenu,
} from '../../../src/app/layout/menu/menuGroups';
import { SECTIONS } from '../../../common/sections';
import { ROLES } from '../../../common/types';
import {
  PUBLIC_EXAMPLES,
  WALKERS,
  pagesOf,
  publicPages,
  publicRoutePatterns,
  type WalkRecords,
} from '../../../scripts/walk/pages';

// The screenshot walk derives its pages from the app's tables: these checks make sure it
// cannot silently skip a menu section or a public route.

const RECORDS: WalkRecords = {
  sharePath: '/share/dashboards/1/abc',
  embedPath: '/embed/dashboards/h.p.s',
  embedChartPath: '/embed/charts/h.p.s',
  createPasswordPath: '/create-password/xyz',
  pricingPath: '/pricing/tok',
  infoSlugs: ['about', 'terms'],
  messageType: 'announcement',
};

function menuSectionsOf(role: (typeof ROLES)[number]): string[] {
  const menu = visibleMenu(role);
  return [
    ...menu.topLevel,
    ...menu.groups.flatMap((group) => [
      ...group.sections,
      ...(group.subGroups ?? []).flatMap((sub) => sub.sections),
    ]),
  ];
}

describe('screenshot walk pages', () => {
  it('walks every role that can sign in', () => {
    const walked = new Set(WALKERS.map((walker) => walker.role).filter(Boolean));
    expect([...walked].sort()).toEqual([...ROLES].sort());
  });

  it.each(WALKERS.filter((walker) => walker.role !== null))(
    'visits every menu entry $name sees, at its path',
    (walker) => {
      const paths = pagesOf(walker, RECORDS).map((page) => page.path);
      const menu = menuSectionsOf(walker.role!);
      expect(menu.length).toBeGreaterThan(0);
      for (const section of menu) expect(paths).toContain(`/${section}`);
    },
  );

  it('covers every section somewhere in the menu and in the walk', () => {
    const inMenu = new Set([
      ...TOP_LEVEL_SECTIONS,
      ...MENU_GROUPS.flatMap((group) => [
        ...group.sections,
        ...(group.subGroups ?? []).flatMap((sub) => sub.sections),
      ]),
    ]);
    const walked = new Set(
      WALKERS.flatMap((walker) => pagesOf(walker, RECORDS).map((page) => page.path.slice(1))),
    );
    for (const section of SECTIONS) {
      if (inMenu.has(section)) expect(walked).toContain(section);
    }
  });

  it('reads the public routes from the app and has an example page for each', () => {
    const patterns = publicRoutePatterns();
    expect(patterns).toEqual(expect.arrayContaining(['/login', '/register', '/info/:page/*']));
    expect(patterns.filter((pattern) => !(pattern in PUBLIC_EXAMPLES))).toEqual([]);
    for (const pattern of patterns) {
      const pages = (['root', 'site'] as const).flatMap((host) =>
        PUBLIC_EXAMPLES[pattern](RECORDS, host),
      );
      expect(pages.length, pattern).toBeGreaterThan(0);
    }
  });

  it('reports a public route it has no example for instead of skipping it', () => {
    const { unknownPatterns } = publicPages(RECORDS, 'root', ['/login', '/new/:thing']);
    expect(unknownPatterns).toEqual(['/new/:thing']);
  });

  it('walks each published info page and a share link on the tenant host only', () => {
    const site = publicPages(RECORDS, 'site').pages.map((page) => page.path);
    const root = publicPages(RECORDS, 'root').pages.map((page) => page.path);
    expect(site).toEqual(expect.arrayContaining(['/info/about', '/info/terms', RECORDS.sharePath]));
    expect(root).not.toContain(RECORDS.sharePath);
    expect(root).toContain(RECORDS.pricingPath);
  });
});
