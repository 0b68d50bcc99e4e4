import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { useMemo } from 'react';
import { defaultDarkTheme, defaultLightTheme } from 'react-admin';
import { useCompanyProfile } from '../../ui/brand/companyProfile';
import { themeOf, type LayoutSettings } from './settings/layoutSettings';
import { useLayoutSettings } from './settings/LayoutSettingsProvider';

interface BrandColors {
  primaryColor?: string | null;
  secondaryColor?: string | null;
}

const COLOR_PATTERN = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function paletteEntry(color: string | null | undefined) {
  return color && COLOR_PATTERN.test(color) ? { main: color } : undefined;
}

type ThemeInputs = Pick<LayoutSettings, 'layoutType' | 'rtlLayout'>;

/** react-admin's light or dark theme options in the company's colours (for <Admin theme>). */
function buildThemeOptions(settings: ThemeInputs, brand?: BrandColors): ThemeOptions {
  const mode = themeOf(settings.layoutType);
  const base = mode === 'dark' ? defaultDarkTheme : defaultLightTheme;
  const primary = paletteEntry(brand?.primaryColor);
  const secondary = paletteEntry(brand?.secondaryColor);
  return {
    ...base,
    direction: settings.rtlLayout ? 'rtl' : 'ltr',
    palette: {
      ...base.palette,
      mode,
      ...(primary ? { primary } : {}),
      ...(secondary ? { secondary } : {}),
    },
  };
}

/** The built MUI theme of the layout settings and brand colours. */
export function buildMuiTheme(settings: ThemeInputs, brand?: BrandColors): Theme {
  return createTheme(buildThemeOptions(settings, brand));
}

function useThemeInputs() {
  const [{ layoutType, rtlLayout }] = useLayoutSettings();
  const { profile } = useCompanyProfile();
  return {
    layoutType,
    rtlLayout,
    primaryColor: profile?.primaryColor,
    secondaryColor: profile?.secondaryColor,
  };
}

/** Theme options for `<Admin theme={…}>`, following the layout settings and the profile. */
export function useAppThemeOptions(): ThemeOptions {
  const { layoutType, rtlLayout, primaryColor, secondaryColor } = useThemeInputs();
  return useMemo(
    () => buildThemeOptions({ layoutType, rtlLayout }, { primaryColor, secondaryColor }),
    [layoutType, rtlLayout, primaryColor, secondaryColor],
  );
}
