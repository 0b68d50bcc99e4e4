import { render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CompanyProfileProvider,
  PRODUCT_NAME,
  clearCompanyProfileCache,
  useCompanyProfile,
} from '../../../../src/ui/brand/companyProfile';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { SESSION_KEYS } from '../../../../src/ui/api/storageKeys';
import { QueryClientWrapper } from '../../support/queryClientWrapper';
import { startPlatformServer, type PlatformServer } from '../../../api/platformHarness';

// On the platform's root host (jsdom's default localhost) there is no company profile: the
// app does not ask for one (it would answer 404 on every page) and shows the product's name.

let server: PlatformServer;
beforeAll(async () => {
  server = await startPlatformServer();
  setApiPrefix(server.base);
});
afterAll(async () => {
  setApiPrefix('');
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  sessionStorage.clear();
  clearCompanyProfileCache();
  document.title = '';
});

function ProfileView() {
  const { profile, loading } = useCompanyProfile();
  return <p data-testid="state">{loading ? 'loading' : (profile?.name ?? 'none')}</p>;
}

describe('the company profile on the root host', () => {
  it('is not requested; the title names the product', async () => {
    expect(window.location.host).toBe('localhost:3000');
    render(
      <CompanyProfileProvider>
        <ProfileView />
      </CompanyProfileProvider>,
      { wrapper: QueryClientWrapper },
    );
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('none'));
    await waitFor(() => expect(document.title).toBe(`Welcome | ${PRODUCT_NAME}`));
    expect(server.requests.filter((r) => r.path.startsWith('/api/v1/'))).toEqual([]);
  });

  it("is requested for a tenant user's session, whatever the host", async () => {
    sessionStorage.setItem(
      SESSION_KEYS.user,
      JSON.stringify({ id: 2, username: 'admin', site: 'acme', role: 'admin', active: true }),
    );
    render(
      <CompanyProfileProvider>
        <ProfileView />
      </CompanyProfileProvider>,
      { wrapper: QueryClientWrapper },
    );
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('none'));
    expect(server.requests.filter((r) => r.path === '/api/v1/companyProfile')).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Welcome'));
  });
});
