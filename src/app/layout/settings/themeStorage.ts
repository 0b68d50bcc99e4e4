import { LOCAL_KEYS, THEME_STORAGE_KEY } from '../../../ui/api/storageKeys';
import type { ThemeName } from './layoutSettings';

function isThemeName(value: unknown): value is ThemeName {
  return value === 'light' || value === 'dark';
}

/** Spec §4: the given theme, else the one kept in localStorage `Theme`, else light. */
export function resolveInitialTheme(given?: string | null): ThemeName {
  if (isThemeName(given)) return given;
  const stored = localStorage.getItem(THEME_STORAGE_KEY);
  return isThemeName(stored) ? stored : 'light';
}

export function storeTheme(theme: ThemeName): void {
  localStorage.setItem(THEME_STORAGE_KEY, theme);
}

/** The right-to-left setting survives a reload and a new visit, as the theme choice does. */
export function storedRtlLayout(): boolean {
  return localStorage.getItem(LOCAL_KEYS.rtlLayout) === 'true';
}

export function storeRtlLayout(on: boolean): void {
  if (on) localStorage.setItem(LOCAL_KEYS.rtlLayout, 'true');
  else localStorage.removeItem(LOCAL_KEYS.rtlLayout);
}
