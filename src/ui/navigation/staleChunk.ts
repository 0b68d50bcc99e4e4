import { SESSION_KEYS } from '../api/storageKeys';

// After a new version is deployed, a page loaded before it asks for chunks (hashed file names)
// that no longer exist and the import fails. Reloading fetches the new index.html and its
// chunks. The chunk that failed is remembered in sessionStorage, so the page reloads once for
// it: failing again after the reload (a real outage, not a stale page) goes to the error page.

/** The messages browsers give a dynamic import whose file did not load. */
const CHUNK_LOAD_ERROR =
  /dynamically imported module|module script failed|Loading chunk|Unable to preload/i;

export function isChunkLoadError(error: unknown): error is Error {
  return error instanceof Error && CHUNK_LOAD_ERROR.test(error.message);
}

// A page being left (a sign-in redirect, say) cancels the chunks it was loading, and the
// imports fail the same way as a missing chunk: reloading then would pull the browser back to
// the page it is leaving, and again after each redirect.
let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => (leavingPage = true));
  window.addEventListener('pagehide', () => (leavingPage = true));
  window.addEventListener('pageshow', () => (leavingPage = false));
}

/**
 * Reloads the page unless it already did for this same failure; answers whether the page goes
 * away (reloaded, or already being left), so that nothing should render meanwhile.
 */
function reloadOnceFor(error: Error): boolean {
  if (leavingPage) return true;
  if (sessionStorage.getItem(SESSION_KEYS.staleChunkReload) === error.message) return false;
  sessionStorage.setItem(SESSION_KEYS.staleChunkReload, error.message);
  window.location.reload();
  return true;
}

/** A chunk loader that reloads the page once when its chunk is gone, else fails as before. */
export function reloadOnStaleChunk<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (isChunkLoadError(error) && reloadOnceFor(error)) {
        // The page is going away; nothing should render meanwhile.
        return new Promise<T>(() => {});
      }
      throw error;
    });
}
