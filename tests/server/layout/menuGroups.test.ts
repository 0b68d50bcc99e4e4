import { describe, expect, it } from 'vitest';
import { visibleMenu } from '../../../src/app/layout/menu/menuGroups';

const headings = (role: Parameters<typeof visibleMenu>[0]) =>
  visibleMenu(role).groups.map((group) => group.labelKey);

describe('the menu a role sees', () => {
  it('never shows a tenant role the platform heading', () => {
    for (const role of ['admin', 'editor', 'viewer'] as const) {
      expect(headings(role)).not.toContain('app.menu.platform');
    }
  });

  it('shows a tenant admin their messages under Content', () => {
    const content = visibleMenu('admin').groups.find(
      (group) => group.labelKey === 'app.menu.content',
    );
    expect(content?.sections).toEqual(['messages']);
    expect(content?.subGroups ?? []).toEqual([]);
  });

  it('keeps the platform heading, with its content sub group, for platform admins', () => {
    const platform = visibleMenu('platform-admin').groups.find((group) => group.id === 'platform');
    expect(platform?.labelKey).toBe('app.menu.platform');
    expect(platform?.subGroups?.map((sub) => sub.id)).toEqual(['platform-content']);
  });
});
