import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import type { Localization } from '@mui/material/locale';
import { useMemo } from 'react';
import { useActiveLanguage } from '../../ui/i18n/LanguageProvider';
import { useRightToLeft } from './useRightToLeft';
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

type ComponentTheme = { defaultProps?: object };

/** The theme with MUI's texts of a language merged into its components' default props. */
function withLocale(base: ThemeOptions, locale: Localization): ThemeOptions {
  const components = { ...base.components } as Record<string, ComponentTheme | undefined>;
  for (const [name, texts] of Object.entries(locale.components ?? {})) {
    const own = components[name];
    const localized = texts as ComponentTheme;
    components[name] = {
      ...own,
      defaultProps: { ...own?.defaultProps, ...localized.defaultProps },
    };
  }
  return { ...base, components: components as ThemeOptions['components'] };
}

type ThemeInputs = Pick<LayoutSettings, 'layoutType' | 'rtlLayout'>;

/**
 * react-admin's light or dark theme options in the company's colours (for <Admin theme>), with
 * MUI's component texts of the active language (`locale`, e.g. frFR).
 */
function buildThemeOptions(
  settings: ThemeInputs,
  brand?: BrandColors,
  locale: Localization = {},
): ThemeOptions {
  const mode = themeOf(settings.layoutType);
  const base = withLocale(mode === 'dark' ? defaultDarkTheme : defaultLightTheme, locale);
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
  const [{ layoutType }] = useLayoutSettings();
  const rtlLayout = useRightToLeft();
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
  const { mui } = useActiveLanguage();
  return useMemo(
    () => buildThemeOptions({ layoutType, rtlLayout }, { primaryColor, secondaryColor }, mui),
    [layoutType, rtlLayout, primaryColor, secondaryColor, mui],
  );
}
