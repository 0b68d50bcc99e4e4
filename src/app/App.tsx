import { useState } from 'react';
import { Admin, CustomRoutes } from 'react-admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { authProvider } from '../ui/session/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from '../ui/i18n/i18nProvider';
import { LanguageProvider, appStore } from '../ui/i18n/LanguageProvider';
import { CompanyProfileProvider, useCompanyProfile } from '../ui/brand/companyProfile';
import { fallbackBrandName } from '../ui/brand/brandSite';
import { LayoutSettingsProvider } from './layout/settings';
import type { ThemeName } from './layout/settings';
import { useAppThemeOptions } from './layout/theme';
import { DirectionStyles } from './layout/DirectionStyles';
import { AppNotification } from './layout/notifications/AppNotification';
import { ScrollToTop } from './layout/ScrollToTop';
import { TopProgressBar } from '../ui/TopProgressBar';
import { ProtectedLayout } from './routing/ProtectedLayout';
import { AppErrorPage } from './routing/AppErrorPage';
import { CatchAll } from './routing/CatchAll';
import { publicRoutes } from './routing/publicRoutes';
import { resourcesForRole } from './routing/sectionResources';
import { profileRoutes } from '../pages/profile/profileRoute';

// Public pages first (outside the app frame, winning over shared prefixes), then every section
// the signed-in role may use. A constant, so <Admin> never re-reads its routes on a re-render.
const ADMIN_CHILDREN = [
  <CustomRoutes key="public" noLayout>
    {publicRoutes}
  </CustomRoutes>,
  profileRoutes,
  resourcesForRole,
];

function BrandboardAdmin({ queryClient }: { queryClient: QueryClient }) {
  const theme = useAppThemeOptions();
  const { profile } = useCompanyProfile();
  return (
    <Admin
      title={profile?.name || fallbackBrandName()}
      queryClient={queryClient}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={appStore}
      layout={ProtectedLayout}
      theme={theme}
      darkTheme={null}
      notification={AppNotification}
      loginPage={false}
      authCallbackPage={false}
      catchAll={CatchAll}
      error={AppErrorPage}
      loading={TopProgressBar}
      disableTelemetry
    >
      {ADMIN_CHILDREN}
    </Admin>
  );
}

/** The whole web app; render it inside a router (BrowserRouter in main.tsx). */
export function App({ theme }: { theme?: ThemeName }) {
  // One cache for the whole app: the brand above <Admin> and react-admin's own queries share it
  // (react-admin's defaults: a plain client; the loaders choose retry: false themselves).
  const [queryClient] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <CompanyProfileProvider>
        <LayoutSettingsProvider theme={theme}>
          <LanguageProvider>
            <DirectionStyles>
              <ScrollToTop />
              <BrandboardAdmin queryClient={queryClient} />
            </DirectionStyles>
          </LanguageProvider>
        </LayoutSettingsProvider>
      </CompanyProfileProvider>
    </QueryClientProvider>
  );
}
