import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { authProvider } from '../../../src/ui/session/authProvider';
import { createDataProvider } from '../../../src/app/providers/dataProvider';
import { i18nProvider } from '../../../src/ui/i18n/i18nProvider';
import type { PlatformServer } from '../../api/platformHarness';

export { signInAs } from './realSession';

// Screens rendered against the real server (startPlatformServer): a browser session stored the
// way sign-in stores it, and one react-admin screen under a memory router.

export interface ScreenAt {
  /** Where the router starts, e.g. /accounts/3 */
  url: string;
  /** The route the screen is mounted on (default: `url`), e.g. /accounts/:id */
  route?: string;
  /** The react-admin resource the screen belongs to; none for a screen that is not one's. */
  resource?: string;
  element: ReactElement;
  /** Rendered beside the routes, inside the router (e.g. a location probe). */
  beside?: ReactNode;
}

/** One screen in react-admin's context, its data from the real server; other paths show "elsewhere". */
export function renderScreenAt(server: PlatformServer, screen: ScreenAt) {
  const { url, route = url, resource, element, beside } = screen;
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AdminContext
        dataProvider={createDataProvider(`${server.base}/api/v1`)}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
      >
        <Routes>
          <Route
            path={route}
            element={
              resource ? (
                <ResourceContextProvider value={resource}>{element}</ResourceContextProvider>
              ) : (
                element
              )
            }
          />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        {beside}
      </AdminContext>
    </MemoryRouter>,
  );
}
