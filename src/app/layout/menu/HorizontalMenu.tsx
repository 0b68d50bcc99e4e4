import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Button, Menu as MuiMenu, MenuItem, Paper, Stack } from '@mui/material';
import { useRef } from 'react';
import { useGetResourceLabel, usePermissions, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import type { Section } from '../../../../common/sections';
import type { Role } from '../../../../common/types';
import { useLayoutSettings } from '../settings/LayoutSettingsProvider';
import { isSectionActive } from './MenuEntry';
import { visibleMenu, type MenuGroup } from './menuGroups';
import { menuColors } from './menuStyle';

function SectionItem({ section, onChoose }: { section: Section; onChoose: () => void }) {
  const getResourceLabel = useGetResourceLabel();
  const { pathname } = useLocation();
  return (
    <MenuItem
      component={Link}
      to={`/${section}`}
      data-section={section}
      selected={isSectionActive(pathname, section)}
      onClick={onChoose}
    >
      {getResourceLabel(section, 2)}
    </MenuItem>
  );
}

function GroupButton({ group }: { group: MenuGroup }) {
  const translate = useTranslate();
  const [settings, dispatch] = useLayoutSettings();
  const anchor = useRef<HTMLButtonElement>(null);
  const open = settings.isOpen.includes(group.id);
  const toggle = () => dispatch({ type: 'TOGGLE_MENU', id: group.id, kind: 'top' });
  const sections = [...group.sections, ...(group.subGroups ?? []).flatMap((sub) => sub.sections)];
  return (
    <>
      <Button
        ref={anchor}
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={open}
        data-menu-group={group.id}
        endIcon={<ExpandMoreIcon />}
        onClick={toggle}
      >
        {translate(group.labelKey)}
      </Button>
      <MuiMenu anchorEl={anchor.current} open={open && anchor.current !== null} onClose={toggle}>
        {sections.map((section) => (
          <SectionItem key={section} section={section} onChoose={toggle} />
        ))}
      </MuiMenu>
    </>
  );
}

/** The menu as a bar under the header, for the horizontal layout. */
export function HorizontalMenu() {
  const translate = useTranslate();
  const getResourceLabel = useGetResourceLabel();
  const [settings] = useLayoutSettings();
  const { permissions } = usePermissions<Role | null>();
  const menu = visibleMenu(permissions);
  const colors = menuColors(settings);
  return (
    <Paper square elevation={1} sx={{ mb: 1, color: colors.text ?? 'text.primary' }}>
      <Stack
        component="nav"
        aria-label={translate('app.menu.navigation')}
        direction="row"
        sx={{ flexWrap: 'wrap', px: 1 }}
      >
        {menu.topLevel.map((section) => (
          <Button
            key={section}
            color="inherit"
            component={Link}
            to={`/${section}`}
            data-section={section}
          >
            {getResourceLabel(section, 2)}
          </Button>
        ))}
        {menu.groups.map((group) => (
          <GroupButton key={group.id} group={group} />
        ))}
      </Stack>
    </Paper>
  );
}
