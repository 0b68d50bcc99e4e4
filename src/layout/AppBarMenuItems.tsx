import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import TuneIcon from '@mui/icons-material/Tune';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { forwardRef } from 'react';
import { useTranslate, useUserMenu } from 'react-admin';
import { themeOf } from './settings/layoutSettings';
import { useLayoutSettings } from './settings/LayoutSettingsProvider';

// The app bar's theme switch and layout settings as entries of the user menu, for phones.

export const ThemeMenuItem = forwardRef<HTMLLIElement>(function ThemeMenuItem(props, ref) {
  const translate = useTranslate();
  const [settings, dispatch] = useLayoutSettings();
  const userMenu = useUserMenu();
  const dark = themeOf(settings.layoutType) === 'dark';
  return (
    <MenuItem
      ref={ref}
      {...props}
      onClick={() => {
        userMenu?.onClose();
        dispatch({ type: 'LAYOUT_TYPE', layoutType: dark ? 'light' : 'dark' });
      }}
    >
      <ListItemIcon>
        {dark ? <LightModeIcon fontSize="small" /> : <DarkModeIcon fontSize="small" />}
      </ListItemIcon>
      <ListItemText>
        {translate(dark ? 'app.appBar.switchToLight' : 'app.appBar.switchToDark')}
      </ListItemText>
    </MenuItem>
  );
});

export const SettingsMenuItem = forwardRef<HTMLLIElement, { onOpen: () => void }>(
  function SettingsMenuItem({ onOpen, ...props }, ref) {
    const translate = useTranslate();
    const userMenu = useUserMenu();
    return (
      <MenuItem
        ref={ref}
        {...props}
        onClick={() => {
          userMenu?.onClose();
          onOpen();
        }}
      >
        <ListItemIcon>
          <TuneIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{translate('app.appBar.openSettings')}</ListItemText>
      </MenuItem>
    );
  },
);
