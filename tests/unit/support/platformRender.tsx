import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { CompanyProfileProvider } from '../../../src/ui/brand/companyProfile';
import { i18nProvider } from '../../../src/ui/i18n/i18nProvider';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** One public page on its route pattern at `path`, with the app's i18n and brand context. */
export function renderPublicPage(pattern: string, path: string, page: ReactElement) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={i18nProvider}>
        <CompanyProfileProvider>
          <Routes>
            <Route path={pattern} element={page} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
          <LocationProbe />
        </CompanyProfileProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}
