// @vitest-environment-options {"url": "http://acme.localhost:3000/"}
import { render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CompanyProfileProvider,
  PRODUCT_NAME,
  clearCompanyProfileCache,
  normalizeWebsite,
  useCompanyProfile,
} from '../../../../src/ui/brand/companyProfile';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { LOCAL_KEYS, SESSION_KEYS } from '../../../../src/ui/api/storageKeys';
import { QueryClientWrapper } from '../../support/queryClientWrapper';
import { startPlatformServer, type PlatformServer } from '../../../api/platformHarness';
import { signInAs } from '../../support/realServerScreens';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
let server: PlatformServer;

// Acme's seeded profile (Acme Analytics, acme.example) with a PNG logo, read as acme's admin.
beforeAll(async () => {
  server = await startPlatformServer();
  setApiPrefix(server.base);
  const acme = await server.app.db
    .selectFrom('accounts')
    .select('id')
    .where('site', '=', 'acme')
    .executeTakeFirstOrThrow();
  await server.app.db
    .updateTable('company_profiles')
    .set({ logo: PNG, logo_mime: 'image/png' })
    .where('account_id', '=', acme.id)
    .execute();
});
afterAll(async () => {
  setApiPrefix('');
  await server.close();
});
beforeEach(async () => {
  clearCompanyProfileCache();
  document.title = '';
  await signInAs(server, 'acme', 'admin');
  server.requests.length = 0;
});

function ProfileView() {
  const { profile, loading } = useCompanyProfile();
  if (loading) return <p>loading</p>;
  return (
    <p>
      <span data-testid="name">{profile?.name ?? 'none'}</span>
      <span data-testid="website">{profile?.website}</span>
      <span data-testid="logo">{profile?.logoDataUrl}</span>
    </p>
  );
}

const profileCalls = () =>
  server.requests.filter((r) => r.path === '/api/v1/companyProfile').length;

describe('normalizeWebsite', () => {
  it('prepends // when the website has no scheme', () => {
    expect(normalizeWebsite('acme.example')).toBe('//acme.example');
    expect(normalizeWebsite('https://acme.example')).toBe('https://acme.example');
    expect(normalizeWebsite('http://acme.example/x')).toBe('http://acme.example/x');
    expect(normalizeWebsite('//acme.example')).toBe('//acme.example');
    expect(normalizeWebsite('')).toBe('');
  });
});

describe('CompanyProfileProvider', () => {
  it('loads the profile and the logo as a data URL, sets the title, caches in sessionStorage', async () => {
    render(
      <CompanyProfileProvider>
        <ProfileView />
      </CompanyProfileProvider>,
      { wrapper: QueryClientWrapper },
    );
    expect(await screen.findByTestId('name')).toHaveTextContent('Acme Analytics');
    expect(screen.getByTestId('website')).toHaveTextContent('//acme.example');
    expect(screen.getByTestId('logo')).toHaveTextContent(
      `data:image/png;base64,${PNG.toString('base64')}`,
    );
    await waitFor(() => expect(document.title).toBe('Welcome | Acme Analytics'));
    const cached = JSON.parse(sessionStorage.getItem(SESSION_KEYS.companyProfile)!);
    expect(cached).toMatchObject({ name: 'Acme Analytics', website: '//acme.example' });
    // The name outlives the session: the next visit's tab title names the company at once.
    expect(localStorage.getItem(LOCAL_KEYS.companyName)).toBe('Acme Analytics');
  });

  it('fetches once a session: later mounts read the cache', async () => {
    const first = render(
      <CompanyProfileProvider>
        <ProfileView />
      </CompanyProfileProvider>,
      { wrapper: QueryClientWrapper },
    );
    await screen.findByTestId('name');
    first.unmount();
    render(
      <CompanyProfileProvider>
        <ProfileView />
        <ProfileView />
      </CompanyProfileProvider>,
      { wrapper: QueryClientWrapper },
    );
    expect(await screen.findAllByTestId('name')).toHaveLength(2);
    expect(profileCalls()).toBe(1);
    expect(server.requests.filter((r) => r.path === '/api/v1/logo')).toHaveLength(1);
  });

  it('falls back to a neutral title on a tenant host when no profile loads, never the product name', async () => {
    // An account without a company profile: its profile answers 404.
    await server.addAccount('initech', { boss: 'admin' });
    await signInAs(server, 'initech', 'boss');
    render(
      <CompanyProfileProvider>
        <ProfileView />
      </CompanyProfileProvider>,
      { wrapper: QueryClientWrapper },
    );
    expect(await screen.findByTestId('name')).toHaveTextContent('none');
    await waitFor(() => expect(document.title).toBe('Welcome'));
    expect(document.title).not.toContain(PRODUCT_NAME);
    expect(sessionStorage.getItem(SESSION_KEYS.companyProfile)).toBeNull();
  });
});
