import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Menu } from '../../../../src/app/layout/Menu';
import { sectionsFor } from '../../../../common/sections';
import { ROLES, type Role } from '../../../../common/types';
import { renderInAdmin, signInAs } from '../../support/renderInAdmin';

async function shownSections() {
  const nav = await screen.findByRole('navigation');
  await within(nav).findAllByRole('link');
  return [...nav.querySelectorAll('[data-section]')].map((el) => el.getAttribute('data-section'));
}

describe('Menu', () => {
  it.each(ROLES)('shows exactly the sections the %s role may use', async (role: Role) => {
    signInAs(role);
    renderInAdmin(<Menu />, { settings: { navListTitleHide: true } });
    const shown = await shownSections();
    expect([...shown].sort()).toEqual([...sectionsFor(role)].sort());
  });

  it('keeps another role’s sections out: a viewer sees no users, a platform admin no dashboards', async () => {
    signInAs('viewer');
    const { unmount } = renderInAdmin(<Menu />, { settings: { navListTitleHide: true } });
    expect(await shownSections()).not.toContain('users');
    unmount();
    signInAs('platform-admin');
    renderInAdmin(<Menu />, { settings: { navListTitleHide: true } });
    const shown = await shownSections();
    expect(shown).toContain('accounts');
    expect(shown).not.toContain('dashboards');
  });

  it('opens top-level groups exclusively and toggles nested ones', async () => {
    signInAs('platform-admin');
    renderInAdmin(<Menu />);
    const administration = await screen.findByRole('button', { name: /Administration/ });
    const platform = screen.getByRole('button', { name: /Platform/ });
    act(() => fireEvent.click(administration));
    expect(administration).toHaveAttribute('aria-expanded', 'true');
    act(() => fireEvent.click(platform));
    expect(platform).toHaveAttribute('aria-expanded', 'true');
    expect(administration).toHaveAttribute('aria-expanded', 'false');
    const content = screen.getByRole('button', { name: /Content/ });
    act(() => fireEvent.click(content));
    expect(content).toHaveAttribute('aria-expanded', 'true');
    expect(document.querySelector('[data-section="helpsections"]')).not.toBeNull();
    act(() => fireEvent.click(content));
    expect(content).toHaveAttribute('aria-expanded', 'false');
    act(() => fireEvent.click(platform));
    expect(platform).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the group of the current page and marks the entry active in the active colour', async () => {
    signInAs('editor');
    renderInAdmin(<Menu />, {
      path: '/datasets/3',
      settings: { navActiveListColor: 'active-red' },
    });
    const entry = await screen.findByRole('link', { name: /Datasets/ });
    expect(entry).toHaveAttribute('aria-current', 'page');
    expect(getComputedStyle(entry).color).toBe('rgb(244, 66, 54)');
  });

  it('hides group titles when navListTitleHide is on', async () => {
    signInAs('admin');
    const { unmount } = renderInAdmin(<Menu />);
    expect(await screen.findByRole('button', { name: /Analytics/ })).toBeInTheDocument();
    unmount();
    renderInAdmin(<Menu />, { settings: { navListTitleHide: true } });
    await shownSections();
    expect(screen.queryByRole('button', { name: /Analytics/ })).not.toBeInTheDocument();
  });
});
