import { THEME_STORAGE_KEY } from '../../../ui/api/storageKeys';
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
