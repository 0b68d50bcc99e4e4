import { render } from '@testing-library/react';
import { useState, type ReactElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { LayoutSettingsProvider, type LayoutSettings } from '../../../src/app/layout/settings';
import type { Role } from '../../../common/types';
import type { BrandProfile } from '../../../src/ui/brand/companyProfile';
import { SESSION_KEYS } from '../../../src/ui/api/storageKeys';
import { authProvider } from '../../../src/ui/session/authProvider';
import { CompanyProfileProvider } from '../../../src/ui/brand/companyProfile';
import { i18nProvider } from '../../../src/ui/i18n/i18nProvider';

// Renders a shell component inside react-admin's context with the app's real providers.

interface WrapperOptions {
  path?: string;
  settings?: Partial<LayoutSettings>;
}

export function AdminWrapper({
  children,
  path = '/',
  settings,
}: WrapperOptions & { children: ReactNode }) {
  // One cache above and inside react-admin, as App.tsx makes it.
  const [queryClient] = useState(() => new QueryClient());
  return (
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={queryClient}>
        <CompanyProfileProvider>
          <LayoutSettingsProvider initialSettings={settings}>
            <AdminContext
              i18nProvider={i18nProvider}
              authProvider={authProvider}
              store={memoryStore()}
              queryClient={queryClient}
            >
              {children}
            </AdminContext>
          </LayoutSettingsProvider>
        </CompanyProfileProvider>
      </QueryClientProvider>
    </MemoryRouter>
  );
}

export function renderInAdmin(ui: ReactElement, options: WrapperOptions = {}) {
  return render(<AdminWrapper {...options}>{ui}</AdminWrapper>);
}

/** Puts a signed-in user (and a cached company profile) in sessionStorage. */
export function signInAs(role: Role, profile: Partial<BrandProfile> = {}) {
  sessionStorage.setItem(
    SESSION_KEYS.user,
    JSON.stringify({
      id: 1,
      username: role,
      fullName: `The ${role}`,
      email: 'x@acme.example',
      role,
      active: true,
      accountId: 2,
      site: 'acme',
    }),
  );
  sessionStorage.setItem(SESSION_KEYS.token, 'tok-test');
  sessionStorage.setItem(
    SESSION_KEYS.companyProfile,
    JSON.stringify({
      name: 'Acme Analytics',
      website: '//acme.example',
      logoDataUrl: null,
      primaryColor: null,
      secondaryColor: null,
      ...profile,
    }),
  );
}
