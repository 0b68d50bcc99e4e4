import type { Section } from '../../../common/sections';

// The sections with screens in this version; the others show the "not available yet" page.
// app/routing/sectionResources.tsx loads exactly these (its loader table is typed by this list).
export const SECTIONS_WITH_SCREENS = [
  'users',
  'accounts',
  'companies',
  'registrations',
  'pricing',
  'helpsections',
  'info',
  'messages',
  'tokens',
  'auditlogs',
  'datasources',
  'datasets',
  'dashboards',
  'data-explorer',
  'aicharts',
  'surveys',
] as const satisfies readonly Section[];

export type SectionWithScreens = (typeof SECTIONS_WITH_SCREENS)[number];

export function isSectionWithScreens(section: Section): section is SectionWithScreens {
  return (SECTIONS_WITH_SCREENS as readonly Section[]).includes(section);
}

/** True when the section has screens in this version (not the "not available yet" page). */
export function sectionHasScreens(section: Section): boolean {
  return isSectionWithScreens(section) || section === 'getting-started';
}
