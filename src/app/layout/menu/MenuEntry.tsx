import DefaultIcon from '@mui/icons-material/ViewList';
import {
  Box,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Tooltip,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { createElement, type ComponentType } from 'react';
import { useGetResourceLabel, useResourceDefinitions, useSidebarState } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import type { Section } from '../../../../common/sections';
import { useLayoutSettings } from '../settings/LayoutSettingsProvider';
import { LIST_MARKERS, iconColorAt, menuColors } from './menuStyle';

export function isSectionActive(pathname: string, section: Section): boolean {
  return pathname === `/${section}` || pathname.startsWith(`/${section}/`);
}

/** One section of the menu: its resource's icon and label, highlighted when it is the page. */
export function MenuEntry({
  section,
  index,
  depth = 0,
}: {
  section: Section;
  index: number;
  depth?: number;
}) {
  const [settings] = useLayoutSettings();
  const definitions = useResourceDefinitions();
  const getResourceLabel = useGetResourceLabel();
  const { pathname } = useLocation();
  const active = isSectionActive(pathname, section);
  const colors = menuColors(settings);
  const icon = (definitions[section]?.icon as ComponentType | undefined) ?? DefaultIcon;
  const label = getResourceLabel(section, 2);
  const marker = LIST_MARKERS[settings.navListIcon];
  const collapsed = settings.collapseMenu;
  // On a phone the menu is a drawer over the page: choosing an entry closes it.
  const [, setSidebarOpen] = useSidebarState();
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));

  const button = (
    <ListItemButton
      component={Link}
      to={`/${section}`}
      selected={active}
      aria-current={active ? 'page' : undefined}
      data-section={section}
      onClick={isXSmall ? () => setSidebarOpen(false) : undefined}
      sx={{
        // logical sides: the indent is on the icon's side in right-to-left too
        paddingInlineStart: collapsed ? 2 : 2 + depth * 2,
        paddingInlineEnd: 2,
        color: active ? (colors.active ?? 'primary.main') : (colors.text ?? 'text.primary'),
        '&.Mui-selected': { color: colors.active ?? 'primary.main' },
      }}
    >
      <ListItemIcon
        sx={{
          minWidth: 36,
          color: settings.navIconColor ? iconColorAt(index) : 'inherit',
        }}
      >
        {createElement(icon)}
      </ListItemIcon>
      {!collapsed && (
        <ListItemText
          // a long label ends in an ellipsis instead of widening the sidebar
          slotProps={{ primary: { noWrap: true } }}
          primary={
            <>
              {marker && (
                <Box component="span" aria-hidden sx={{ marginInlineEnd: 1 }}>
                  {marker}
                </Box>
              )}
              {label}
            </>
          }
        />
      )}
    </ListItemButton>
  );
  return collapsed ? (
    <Tooltip title={label} placement="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}
