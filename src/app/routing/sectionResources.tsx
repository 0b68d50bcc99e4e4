import type { ComponentType } from 'react';
import { Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import type { Role } from '../../../common/types';
import { ROLES } from '../../../common/types';
import { canAccess, sectionsFor, type Section } from '../../../common/sections';
import { isSharedPrefix } from '../../ui/navigation/publicProtectedPrefixes';
import { lazyScreen } from '../../ui/navigation/lazyScreen';
import { reloadOnStaleChunk } from '../../ui/navigation/staleChunk';

/** What a section's `src/resources/<name>/index.ts` exports (docs/architecture.md §2). */
interface SectionModule {
  list?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  show?: ComponentType;
  icon?: ComponentType;
  recordRepresentation?: string;
}

const ReadOnlyCreate = lazyScreen(() => import('./ReadOnlyCreate'));

type SectionLoader = () => Promise<SectionModule & { default?: SectionModule }>;

// Every section's screens; each index is a separate chunk loaded after sign-in.
const SECTION_MODULES: Record<Section, SectionLoader> = {
  users: () => import('../../resources/users'),
  accounts: () => import('../../resources/accounts'),
  companies: () => import('../../resources/companies'),
  registrations: () => import('../../resources/registrations'),
  pricing: () => import('../../resources/pricing'),
  helpsections: () => import('../../resources/helpsections'),
  info: () => import('../../resources/info'),
  messages: () => import('../../resources/messages'),
  tokens: () => import('../../resources/tokens'),
  auditlogs: () => import('../../resources/auditlogs'),
  datasources: () => import('../../resources/datasources'),
  datasets: () => import('../../resources/datasets'),
  dashboards: () => import('../../resources/dashboards'),
  'data-explorer': () => import('../../resources/dataExplorer'),
  aicharts: () => import('../../resources/aicharts'),
  surveys: () => import('../../resources/surveys'),
  'getting-started': () => import('../../resources/gettingStarted'),
  subscriptions: () => import('../../resources/subscriptions'),
  'account-subscriptions': () => import('../../resources/accountSubscriptions'),
};

async function loadSection(section: Section): Promise<SectionModule> {
  const loaded = await reloadOnStaleChunk(SECTION_MODULES[section])();
  return loaded.default ?? loaded;
}

function sectionResource(section: Section, screens: SectionModule, role: Role) {
  // Shared prefixes keep only their list route; their records open in a drawer on it.
  // A role that may only read has no create route: react-admin's empty list then says there
  // is nothing yet without inviting to add one; its `create` address says that role cannot
  // create here (not the edit screen of a record called "create").
  const mayWrite = canAccess(role, section, 'write');
  const create = mayWrite ? screens.create : undefined;
  const refusedCreate = screens.create && !mayWrite;
  const ownRoutes = isSharedPrefix(section)
    ? { list: screens.list }
    : { list: screens.list, edit: screens.edit, create, show: screens.show };
  return (
    <Resource
      key={section}
      name={section}
      {...ownRoutes}
      icon={screens.icon}
      recordRepresentation={screens.recordRepresentation}
    >
      {refusedCreate && <Route path="create/*" element={<ReadOnlyCreate />} />}
    </Resource>
  );
}

function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * react-admin's function child: the resources the signed-in user's role may use
 * (common/sections.ts), none for an anonymous visitor. Kept at module level so its
 * identity never changes between renders.
 */
export async function resourcesForRole(permissions: unknown) {
  if (!isRole(permissions)) return [];
  const sections = sectionsFor(permissions);
  const loaded = await Promise.allSettled(sections.map(loadSection));
  return sections.flatMap((section, index) => {
    const result = loaded[index];
    if (result.status === 'fulfilled') return [sectionResource(section, result.value, permissions)];
    // A chunk that failed to load (e.g. a deploy replaced it) leaves the other sections usable.
    console.error(`Section ${section} could not be loaded`, result.reason);
    return [];
  });
}
