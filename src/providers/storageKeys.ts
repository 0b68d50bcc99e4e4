// Where the web app keeps its state in the browser (spec §3): the session-long caches live in
// sessionStorage, the theme choice in localStorage under the exact key `Theme`.

export const SESSION_KEYS = {
  user: 'user',
  token: 'token',
  companyProfile: 'companyProfile',
} as const;

export const THEME_STORAGE_KEY = 'Theme';

export function readSessionJson<T>(key: string): T | null {
  const raw = sessionStorage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    sessionStorage.removeItem(key);
    return null;
  }
}

export function writeSessionJson(key: string, value: unknown): void {
  sessionStorage.setItem(key, JSON.stringify(value));
}
