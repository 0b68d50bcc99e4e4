import { sectionsFor, type Section } from '../../../../common/sections';
import type { Role } from '../../../../common/types';

// The menu's shape: sections grouped as the product presents them. Which entries a user sees
// comes from the one role table, sectionsFor(role) in common/sections.ts.

export interface MenuSubGroup {
  id: string;
  labelKey: string;
  sections: Section[];
}

export interface MenuGroup {
  id: string;
  labelKey: string;
  sections: Section[];
  subGroups?: MenuSubGroup[];
}

// Help is read by every role, so it stands beside getting-started rather than in a group.
export const TOP_LEVEL_SECTIONS: Section[] = ['getting-started', 'helpsections'];

export const MENU_GROUPS: MenuGroup[] = [
  {
    id: 'analytics',
    labelKey: 'app.menu.analytics',
    sections: ['dashboards', 'aicharts', 'datasets', 'data-explorer', 'surveys', 'subscriptions'],
  },
  { id: 'data', labelKey: 'app.menu.data', sections: ['datasources'] },
  {
    id: 'administration',
    labelKey: 'app.menu.administration',
    sections: ['users', 'tokens', 'companies', 'auditlogs', 'account-subscriptions'],
  },
  {
    id: 'platform',
    labelKey: 'app.menu.platform',
    sections: ['accounts', 'registrations', 'pricing'],
    subGroups: [
      {
        id: 'platform-content',
        labelKey: 'app.menu.content',
        sections: ['info', 'messages'],
      },
    ],
  },
];

interface VisibleMenu {
  topLevel: Section[];
  groups: MenuGroup[];
}

/** The menu a role sees: only allowed sections, and only groups with something left in them. */
export function visibleMenu(role: Role | null | undefined): VisibleMenu {
  const allowed = new Set<Section>(role ? sectionsFor(role) : []);
  const keep = (sections: Section[]) => sections.filter((section) => allowed.has(section));
  const groups = MENU_GROUPS.map((group) => ({
    ...group,
    sections: keep(group.sections),
    subGroups: (group.subGroups ?? [])
      .map((sub) => ({ ...sub, sections: keep(sub.sections) }))
      .filter((sub) => sub.sections.length > 0),
  }))
    .filter((group) => group.sections.length > 0 || group.subGroups.length > 0)
    .map(withoutEmptyParent);
  return { topLevel: keep(TOP_LEVEL_SECTIONS), groups };
}

/**
 * A group left with only one sub group is shown as that sub group: a tenant admin sees their
 * messages under "Content", not under a "Platform" heading of sections they do not have.
 */
function withoutEmptyParent(group: MenuGroup): MenuGroup {
  const subGroups = group.subGroups ?? [];
  if (group.sections.length > 0 || subGroups.length !== 1) return group;
  return { id: group.id, labelKey: subGroups[0].labelKey, sections: subGroups[0].sections };
}

/** The group (and sub group) holding a section, for opening the menu at the current page. */
export function menuPathOf(section: Section): string[] {
  for (const group of MENU_GROUPS) {
    if (group.sections.includes(section)) return [group.id];
    const sub = group.subGroups?.find((candidate) => candidate.sections.includes(section));
    if (sub) return [group.id, sub.id];
  }
  return [];
}
