import type { Role } from './types';

// Every protected section of the web app, and the roles that may use it (docs/architecture.md §4).
// The web menu and the server's role checks read this one table.

export const SECTIONS = [
  'dashboards',
  'aicharts',
  'datasets',
  'data-explorer',
  'datasources',
  'surveys',
  'users',
  'tokens',
  'companies',
  'accounts',
  'registrations',
  'pricing',
  'helpsections',
  'info',
  'messages',
  'auditlogs',
  'getting-started',
  'subscriptions',
  'account-subscriptions',
] as const;
export type Section = (typeof SECTIONS)[number];

export type Access = 'read' | 'write';

const PLATFORM: Section[] = [
  'accounts',
  'companies',
  'registrations',
  'pricing',
  'helpsections',
  'info',
  'messages',
  'users',
  'auditlogs',
];
// The audit log has no write calls: listing it here gives admins its read access.
const ADMIN: Section[] = [
  'users',
  'tokens',
  'datasources',
  'companies',
  'auditlogs',
  'account-subscriptions',
];
const EDITOR: Section[] = ['datasets', 'data-explorer', 'aicharts', 'dashboards', 'surveys'];
// Messages: every user reads their account's messages and published announcements.
// Surveys: every user reads the account's surveys and answers the published ones.
// Subscriptions: every user manages their own subscriptions and alerts (checked per record).
const EVERYONE: Section[] = [
  'dashboards',
  'subscriptions',
  'aicharts',
  'getting-started',
  'helpsections',
  'messages',
  'surveys',
];

/** Sections a role may write to; read access is the union with `EVERYONE`. */
const WRITE_ACCESS: Record<Role, Section[]> = {
  'platform-admin': PLATFORM,
  admin: [...ADMIN, ...EDITOR],
  editor: EDITOR,
  viewer: [],
};

export function canAccess(role: Role, section: Section, access: Access = 'read'): boolean {
  if (WRITE_ACCESS[role].includes(section)) return true;
  return access === 'read' && role !== 'platform-admin' && EVERYONE.includes(section);
}

export function sectionsFor(role: Role): Section[] {
  return SECTIONS.filter((section) => canAccess(role, section, 'read'));
}
