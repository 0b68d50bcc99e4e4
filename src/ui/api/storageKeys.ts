// Where the web app keeps its state in the browser (spec §3): the session-long caches live in
// sessionStorage, the theme choice in localStorage under the exact key `Theme`.

export const SESSION_KEYS = {
  user: 'user',
  token: 'token',
  companyProfile: 'companyProfile',
  /** The chunk failure the page last reloaded for (see ui/navigation/staleChunk.ts). */
  staleChunkReload: 'staleChunkReload',
} as const;

export const THEME_STORAGE_KEY = 'Theme';

/** Kept across sessions on this host: the company name for the next visit's early tab title
 * (read by public/tabTitle.js before the app loads, so the key is written there too). */
export const LOCAL_KEYS = {
  companyName: 'companyName',
  /** The right-to-left layout setting, kept like the theme choice: `true` when on. */
  rtlLayout: 'rtlLayout',
} as const;

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
  window.dispatchEvent(new Event(SESSION_CHANGE_EVENT));
}

/** Removes a session entry, telling those who follow it (onSessionChange). */
export function removeSessionItem(key: string): void {
  sessionStorage.removeItem(key);
  window.dispatchEvent(new Event(SESSION_CHANGE_EVENT));
}

// sessionStorage fires no event in the tab that changed it, so its writers announce changes.
const SESSION_CHANGE_EVENT = 'brandboard-session-change';

/** Calls `listener` after every write through writeSessionJson/removeSessionItem; answers the unsubscribe. */
export function onSessionChange(listener: () => void): () => void {
  window.addEventListener(SESSION_CHANGE_EVENT, listener);
  return () => window.removeEventListener(SESSION_CHANGE_EVENT, listener);
}
