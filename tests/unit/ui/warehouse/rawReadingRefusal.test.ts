import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../../../src/ui/api/browserNavigation';
import { HttpError, setApiPrefix } from '../../../../src/ui/api/httpClient';
import { SESSION_KEYS } from '../../../../src/ui/api/storageKeys';
import { previewDataset, refreshDataset, runSql } from '../../../../src/ui/warehouse/analyticsApi';
import { json, startLocalServer, type LocalServer } from '../../support/localServer';

// A non-admin reading raw rows of a source whose datasets carry row policies (a dataset's
// preview, explorer SQL) is refused with 403 and the code `row-policy`: the screen shows why,
// and the user stays signed in (a 403 without a code signs them out, as spec §8 says).

const REFUSAL = 'A preview over a source whose datasets carry row policies is for admins only.';

let server: LocalServer;
let navigations: string[];

beforeAll(async () => {
  server = await startLocalServer();
  setApiPrefix(server.url);
});
afterAll(() => server.close());
beforeEach(() => {
  navigations = [];
  vi.spyOn(browserNavigation, 'assign').mockImplementation((url: string) => {
    navigations.push(url);
  });
  sessionStorage.setItem(SESSION_KEYS.token, 'tok-123');
});
afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('a refused raw reading', () => {
  it.each([
    ['a preview', 'GET', '/api/v1/datasets/4/preview', () => previewDataset(4)],
    ['explorer SQL', 'POST', '/api/v1/sql', () => runSql({ sourceId: 1, sql: 'select 1' })],
    ['a recount', 'POST', '/api/v1/datasets/4/refresh', () => refreshDataset(4)],
  ])('of %s fails with its message and keeps the session', async (_what, method, path, ask) => {
    server.route(
      method,
      path,
      json({ statusCode: 403, error: 'Forbidden', message: REFUSAL, code: 'row-policy' }, 403),
    );
    const failure = await ask().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(403);
    expect((failure as HttpError).message).toContain('row policies');
    expect(navigations).toEqual([]);
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBe('tok-123');
  });
});
