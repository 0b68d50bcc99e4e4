import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadOnStaleChunk } from '../../../../src/ui/navigation/staleChunk';
import { SESSION_KEYS } from '../../../../src/ui/api/storageKeys';

// The guard of the stale-chunk reload (the reload itself is seen in Chromium, staleChunk e2e):
// one reload per failed chunk, never a loop; other failures are not chunk failures.

const gone = (url: string) => new TypeError(`Failed to fetch dynamically imported module: ${url}`);

/** How a load ended once every pending callback has run: 'pending' while the page reloads. */
async function outcome(promise: Promise<unknown>): Promise<string> {
  let state = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return state;
}

describe('reloadOnStaleChunk', () => {
  beforeEach(() => {
    sessionStorage.clear();
    // jsdom cannot navigate; the reload is only counted here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('tells a chunk that did not load from other errors', () => {
    expect(isChunkLoadError(gone('/assets/A-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('x is not a function'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once for a missing chunk, then lets the same failure reach the error page', async () => {
    const load = reloadOnStaleChunk(() => Promise.reject(gone('/assets/A-1.js')));
    expect(await outcome(load())).toBe('pending');
    expect(sessionStorage.getItem(SESSION_KEYS.staleChunkReload)).toContain('/assets/A-1.js');
    // After the reload, the same chunk still missing: the error goes on (to the error page).
    await expect(load()).rejects.toThrow('/assets/A-1.js');
  });

  it('reloads again for another chunk (a later deploy), and passes other errors through', async () => {
    expect(await outcome(reloadOnStaleChunk(() => Promise.reject(gone('/assets/A-1.js')))())).toBe(
      'pending',
    );
    expect(await outcome(reloadOnStaleChunk(() => Promise.reject(gone('/assets/B-2.js')))())).toBe(
      'pending',
    );
    expect(sessionStorage.getItem(SESSION_KEYS.staleChunkReload)).toContain('/assets/B-2.js');
    await expect(
      reloadOnStaleChunk(() => Promise.reject(new Error('render bug')))(),
    ).rejects.toThrow('render bug');
  });

  it('does not reload for chunks cancelled by leaving the page (a sign-in redirect)', async () => {
    window.dispatchEvent(new Event('beforeunload'));
    try {
      const load = reloadOnStaleChunk(() => Promise.reject(gone('/assets/C-3.js')));
      expect(await outcome(load())).toBe('pending');
      expect(sessionStorage.getItem(SESSION_KEYS.staleChunkReload)).toBeNull();
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
  });
});
