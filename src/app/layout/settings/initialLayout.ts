import { layoutReducer } from './layoutReducer';
import type { LayoutSettings, ThemeName } from './layoutSettings';

/** The starting settings for a theme: dark applies the dark layout type's colours. */
export function layoutReducerWithTheme(settings: LayoutSettings, theme: ThemeName): LayoutSettings {
  return theme === 'dark'
    ? layoutReducer(settings, { type: 'LAYOUT_TYPE', layoutType: 'dark' })
    : settings;
}
