import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { en } from '../../../../src/ui/i18n/en';
import { canAccess, SECTIONS, type Section } from '../../../../common/sections';
import { ROLES } from '../../../../common/types';
import { i18nProvider } from '../../../../src/ui/i18n/i18nProvider';
import { resourcesForRole } from '../../../../src/app/routing/sectionResources';

// The wording of react-admin's record screens: every section someone writes to says what
// happened on save and delete ("Dashboard saved"), never react-admin's "Element updated"; a
// role that only reads a section gets no create route, so its empty list invites no one to add.

// The audit log is written by the server only; the explorer and getting-started hold no records.
const WITHOUT_RECORDS: Section[] = ['data-explorer', 'getting-started', 'auditlogs'];
const WRITTEN = SECTIONS.filter(
  (section) =>
    !WITHOUT_RECORDS.includes(section) && ROLES.some((role) => canAccess(role, section, 'write')),
);

type ResourceProps = { name: string; create?: unknown; list?: unknown };
const propsOf = (resources: ReactElement[]) =>
  resources.map((resource) => resource.props as ResourceProps);

describe('notifications of record screens', () => {
  it.each(WRITTEN)('%s says what was created, saved and deleted', (section) => {
    for (const what of ['created', 'updated', 'deleted']) {
      const key = `resources.${section}.notifications.${what}`;
      const text = i18nProvider.translate(key, { smart_count: 1 });
      expect(text, key).not.toBe(key);
      expect(text, key).not.toMatch(/element/i);
    }
  });

  it('names the record and counts several deleted at once', () => {
    const t = (key: string, options?: object) => i18nProvider.translate(key, options);
    expect(t('resources.dashboards.notifications.updated')).toBe('Dashboard saved');
    expect(t('resources.users.notifications.invited')).toBe('User invited');
    expect(t('resources.datasources.notifications.created')).toBe('Data source added');
    expect(t('resources.pricing.notifications.updated')).toBe('Plan updated');
    expect(t('resources.users.notifications.deleted', { smart_count: 1 })).toBe('User deleted');
    expect(t('resources.users.notifications.deleted', { smart_count: 3 })).toBe('3 users deleted');
  });

  it('keeps the texts in en.ts beside each resource name', () => {
    expect(en.resources.aicharts.notifications.updated).toBe('Chart saved');
  });
});

describe('create routes by role', () => {
  it('gives a viewer no create route in any section', async () => {
    const resources = propsOf(await resourcesForRole('viewer'));
    expect(resources.map((resource) => resource.name)).toEqual(
      expect.arrayContaining(['dashboards', 'aicharts', 'surveys']),
    );
    for (const resource of resources) expect(resource.create, resource.name).toBeUndefined();
  });

  it('gives an editor the create routes of the sections they write', async () => {
    const resources = propsOf(await resourcesForRole('editor'));
    const withCreate = resources.filter((resource) => resource.create).map((r) => r.name);
    expect(withCreate).toEqual(expect.arrayContaining(['dashboards', 'aicharts', 'datasets']));
    expect(withCreate).not.toContain('messages');
  });
});
