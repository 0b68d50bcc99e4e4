import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import TuneIcon from '@mui/icons-material/Tune';
import { forwardRef } from 'react';
import { useTranslate } from 'react-admin';
import { themeOf } from './settings/layoutSettings';
import { useLayoutSettings } from './settings/LayoutSettingsProvider';
import { UserMenuAction } from '../../ui/UserMenuAction';

// The app bar's theme switch and layout settings as entries of the user menu, for phones.

export const ThemeMenuItem = forwardRef<HTMLLIElement>(function ThemeMenuItem(props, ref) {
  const translate = useTranslate();
  const [settings, dispatch] = useLayoutSettings();
  const dark = themeOf(settings.layoutType) === 'dark';
  return (
    <UserMenuAction
      ref={ref}
      {...props}
      icon={dark ? <LightModeIcon fontSize="small" /> : <DarkModeIcon fontSize="small" />}
      label={translate(dark ? 'app.appBar.switchToLight' : 'app.appBar.switchToDark')}
      onSelect={() => dispatch({ type: 'LAYOUT_TYPE', layoutType: dark ? 'light' : 'dark' })}
    />
  );
});

export const SettingsMenuItem = forwardRef<HTMLLIElement, { onOpen: () => void }>(
  function SettingsMenuItem({ onOpen, ...props }, ref) {
    const translate = useTranslate();
    return (
      <UserMenuAction
        ref={ref}
        {...props}
        icon={<TuneIcon fontSize="small" />}
        label={translate('app.appBar.openSettings')}
        onSelect={onOpen}
      />
    );
  },
);
