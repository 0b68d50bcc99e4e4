import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import TuneIcon from '@mui/icons-material/Tune';
import { AppBar as MuiAppBar, IconButton, Toolbar, Tooltip, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import {
  HideOnScroll,
  LoadingIndicator,
  Logout,
  TitlePortal,
  UserMenu,
  useSidebarState,
  useTranslate,
} from 'react-admin';
import { headerColor } from './settings/layoutPalette';
import { themeOf } from './settings/layoutSettings';
import { useLayoutSettings } from './settings/LayoutSettingsProvider';
import { ProfileMenuItem } from '../../pages/profile/ProfileMenuItem';
import { HelpButton } from './help/HelpButton';
import { SettingsPanel } from './SettingsPanel';
import { SettingsMenuItem, ThemeMenuItem } from './AppBarMenuItems';

/** Collapses the menu to icons (desktop) or opens the menu drawer (phones). */
function MenuCollapseButton() {
  const translate = useTranslate();
  const [, dispatch] = useLayoutSettings();
  const [sidebarOpen, setSidebarOpen] = useSidebarState();
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <Tooltip title={translate('app.appBar.toggleMenu')}>
      <IconButton
        color="inherit"
        aria-label={translate('app.appBar.toggleMenu')}
        onClick={() =>
          isXSmall ? setSidebarOpen(!sidebarOpen) : dispatch({ type: 'COLLAPSE_MENU' })
        }
      >
        <MenuIcon />
      </IconButton>
    </Tooltip>
  );
}

/** Light/dark switch; the provider writes the choice to localStorage `Theme`. */
function ThemeSwitch() {
  const translate = useTranslate();
  const [settings, dispatch] = useLayoutSettings();
  const dark = themeOf(settings.layoutType) === 'dark';
  const label = translate(dark ? 'app.appBar.switchToLight' : 'app.appBar.switchToDark');
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        aria-label={label}
        aria-pressed={dark}
        onClick={() => dispatch({ type: 'LAYOUT_TYPE', layoutType: dark ? 'light' : 'dark' })}
      >
        {dark ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </Tooltip>
  );
}

export function AppBar() {
  const translate = useTranslate();
  const [settings] = useLayoutSettings();
  const [panelOpen, setPanelOpen] = useState(false);
  // On a phone the theme switch and the layout settings move into the user menu, leaving the
  // page title room to be read.
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const Container = settings.headerFixedLayout ? 'div' : HideOnScroll;
  const background = headerColor(settings.headerBackColor);
  return (
    <>
      <Container>
        <MuiAppBar
          position="fixed"
          color="primary"
          data-header-fixed={settings.headerFixedLayout}
          sx={background ? { bgcolor: background, color: '#fff' } : undefined}
        >
          <Toolbar variant="dense" disableGutters sx={{ px: 1, gap: 0.5 }}>
            <MenuCollapseButton />
            {/* TitlePortal grows (flex 1) and ends long titles with an ellipsis. */}
            <TitlePortal />
            <LoadingIndicator />
            {isXSmall ? null : <ThemeSwitch />}
            <HelpButton />
            {isXSmall ? null : (
              <Tooltip title={translate('app.appBar.openSettings')}>
                <IconButton
                  color="inherit"
                  aria-label={translate('app.appBar.openSettings')}
                  onClick={() => setPanelOpen(true)}
                >
                  <TuneIcon />
                </IconButton>
              </Tooltip>
            )}
            <UserMenu>
              <ProfileMenuItem />
              {isXSmall ? <ThemeMenuItem /> : null}
              {isXSmall ? <SettingsMenuItem onOpen={() => setPanelOpen(true)} /> : null}
              <Logout />
            </UserMenu>
          </Toolbar>
        </MuiAppBar>
      </Container>
      <SettingsPanel open={panelOpen} onClose={() => setPanelOpen(false)} />
    </>
  );
}
