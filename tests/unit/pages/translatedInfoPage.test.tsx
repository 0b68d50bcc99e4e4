import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import InfoPage from '../../../src/pages/info/InfoPage';
import { CompanyProfileProvider } from '../../../src/ui/brand/companyProfile';
import { i18nProvider } from '../../../src/ui/i18n/i18nProvider';
import { setApiPrefix } from '../../../src/ui/api/httpClient';
import { call, startPlatformServer, type PlatformServer } from '../../api/platformHarness';

// A public information page in the content language (react-admin's locale, kept in its
// store), per field falling back to the text as written.

describe('translated information page', () => {
  let server: PlatformServer;

  beforeAll(async () => {
    server = await startPlatformServer();
    setApiPrefix(server.base);
    const root = await server.sessionFor('www', 'admin');
    const created = await call(server, 'POST', '/api/v1/info', {
      token: root,
      body: {
        slug: 'legal/notice',
        title: 'Legal notice',
        body: 'Written in **English**.',
        published: true,
        translations: { fr: { title: 'Mentions légales' }, ar: { title: 'إشعار', body: 'نص' } },
      },
    });
    expect(created.status).toBe(200);
  });
  afterAll(async () => {
    setApiPrefix('');
    await server.close();
  });

  /** The page as the app shows it, its store holding `locale` as the locale menu keeps it. */
  const show = (locale: string) =>
    render(
      <MemoryRouter initialEntries={['/info/legal/notice']}>
        <AdminContext i18nProvider={i18nProvider} store={memoryStore({ locale })}>
          <CompanyProfileProvider>
            <Routes>
              <Route path="/info/:page/*" element={<InfoPage />} />
            </Routes>
          </CompanyProfileProvider>
        </AdminContext>
      </MemoryRouter>,
    );

  it('shows the French title, and the body as written where it has no translation', async () => {
    show('fr');
    expect(await screen.findByRole('heading', { name: 'Mentions légales' })).toBeInTheDocument();
    expect(screen.getByText('English').tagName).toBe('STRONG');
  });

  it('shows the Arabic title and body', async () => {
    show('ar');
    expect(await screen.findByRole('heading', { name: 'إشعار' })).toBeInTheDocument();
    expect(screen.getByText('نص')).toBeInTheDocument();
  });

  it('shows the page as written in a language without translations', async () => {
    show('de');
    expect(await screen.findByRole('heading', { name: 'Legal notice' })).toBeInTheDocument();
  });
});
