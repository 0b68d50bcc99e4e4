import { List } from '@mui/material';
import { useEffect } from 'react';
import { usePermissions, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { SECTIONS, type Section } from '../../../common/sections';
import type { Role } from '../../../common/types';
import { MenuEntry } from './menu/MenuEntry';
import { MenuGroupList } from './menu/MenuGroupList';
import { menuPathOf, visibleMenu } from './menu/menuGroups';
import { useLayoutSettings } from './settings/LayoutSettingsProvider';

function sectionOfPath(pathname: string): Section | null {
  const first = pathname.split('/')[1] ?? '';
  return (SECTIONS as readonly string[]).includes(first) ? (first as Section) : null;
}

/** Opens the groups holding the current page when the user navigates to it. */
function useOpenCurrentGroup() {
  const { pathname } = useLocation();
  const [settings, dispatch] = useLayoutSettings();
  const section = sectionOfPath(pathname);
  useEffect(() => {
    if (!section) return;
    const [group, sub] = menuPathOf(section);
    if (group && !settings.isOpen.includes(group))
      dispatch({ type: 'TOGGLE_MENU', id: group, kind: 'top' });
    if (sub && !settings.isOpen.includes(sub))
      dispatch({ type: 'TOGGLE_MENU', id: sub, kind: 'sub' });
    // Only on navigation: a user closing the current group keeps it closed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [section]);
}

/** The sidebar menu: the sections the user's role may use (docs/architecture.md §4), grouped. */
export function Menu() {
  const translate = useTranslate();
  const { permissions } = usePermissions<Role | null>();
  const menu = visibleMenu(permissions);
  useOpenCurrentGroup();
  let position = 0;
  return (
    <List component="nav" aria-label={translate('app.menu.navigation')} dense sx={{ pt: 1 }}>
      {menu.topLevel.map((section) => (
        <MenuEntry key={section} section={section} index={position++} />
      ))}
      {menu.groups.map((group) => {
        const start = position;
        position +=
          group.sections.length +
          (group.subGroups ?? []).reduce((n, s) => n + s.sections.length, 0);
        return <MenuGroupList key={group.id} group={group} start={start} />;
      })}
    </List>
  );
}
