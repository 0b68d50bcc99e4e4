import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { User } from '../../../common/types';
import { authProvider } from '../../../src/ui/session/authProvider';
import { createDataProvider } from '../../../src/app/providers/dataProvider';
import { setApiPrefix } from '../../../src/ui/api/httpClient';
import { i18nProvider } from '../../../src/ui/i18n/i18nProvider';
import { SESSION_KEYS } from '../../../src/ui/api/storageKeys';
import InfoList from '../../../src/resources/info/InfoList';
import MessageList from '../../../src/resources/messages/MessageList';
import PricingList from '../../../src/resources/pricing/PricingList';
import TokenCreate from '../../../src/resources/tokens/TokenCreate';
import { call } from '../../api/fixtures';
import { startPlatformServer, type PlatformServer } from '../../api/platformHarness';

// Section screens against the real platform routes (Fastify over a temporary SQLite file).

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

let server: PlatformServer;

async function signInAs(site: string, username: string, role: User['role']) {
  const token = await server.sessionFor(site, username);
  const row = await server.app.db
    .selectFrom('users')
    .select(['id', 'account_id'])
    .where('username', '=', username)
    .where('role', '=', role)
    .executeTakeFirstOrThrow();
  const user: User = {
    id: row.id,
    username,
    fullName: username,
    email: `${username}@${site}.example`,
    role,
    active: true,
    accountId: row.account_id,
    site,
    language: null,
  };
  sessionStorage.setItem(SESSION_KEYS.token, token);
  sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
}

function renderSection(path: string, pattern: string, element: React.ReactElement) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={createDataProvider(`${server.base}/api/v1`)}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
      >
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </AdminContext>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  server = await startPlatformServer();
  setApiPrefix(server.base);
});
afterAll(async () => {
  setApiPrefix('');
  await server?.close();
});

describe('pricing plans section', () => {
  beforeEach(() => signInAs('www', 'admin', 'platform-admin'));

  it('lists the plans and creates one in the ?record=new drawer, price entered in units', async () => {
    renderSection('/pricing?record=new', '/pricing', <PricingList />);
    expect(await screen.findByText('Business', {}, { timeout: 5000 })).toBeInTheDocument();
    const drawer = await screen.findByRole('region');
    const user = userEvent.setup();
    await user.type(within(drawer).getByLabelText(/^Name/), 'Enterprise');
    const price = within(drawer).getByLabelText(/^Monthly price/);
    await user.clear(price);
    await user.type(price, '99.5');
    await user.type(within(drawer).getByLabelText(/^Features/), 'SSO{Enter}Audit log{Enter}');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/pricing$/));
    const row = await server.app.db
      .selectFrom('pricing_plans')
      .selectAll()
      .where('name', '=', 'Enterprise')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ price_monthly: 9950, currency: 'USD', active: 1 });
    expect(JSON.parse(row.features)).toEqual(['SSO', 'Audit log']);
  });
});

describe('API token section', () => {
  beforeEach(() => signInAs('acme', 'admin', 'admin'));

  it('shows a new token once, and the token works as a bearer', async () => {
    renderSection(
      '/tokens/create',
      '/tokens/create',
      <ResourceContextProvider value="tokens">
        <TokenCreate />
      </ResourceContextProvider>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Label/), 'Reporting');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const shown = (await screen.findByTestId('new-token')) as HTMLInputElement;
    expect(screen.getByText(/shown only once/)).toBeInTheDocument();
    const answer = await fetch(`${server.base}/api/v1/tokens`, {
      headers: { authorization: `Bearer ${shown.value}`, site: 'acme' },
    });
    expect(answer.status).toBe(200);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/tokens'));
  });
});

describe('information pages and messages sections', () => {
  beforeEach(() => signInAs('www', 'admin', 'platform-admin'));

  it('links a published page to its address, shows a draft as text, opens a row in the drawer', async () => {
    const draft = await call(server, 'POST', '/api/v1/info', {
      token: await server.sessionFor('www', 'admin'),
      body: { slug: 'draft-notes', title: 'Draft notes', body: '# Draft', published: false },
    });
    expect(draft.status).toBe(200);
    renderSection('/info', '/info', <InfoList />);
    const about = await screen.findByRole('link', { name: '/info/about' }, { timeout: 5000 });
    expect(about).toHaveAttribute('href', '/info/about');
    // Isolated, so that a right-to-left layout shows the address in its own order.
    expect(about.querySelector('bdi')).toHaveTextContent('/info/about');
    const draftRow = screen.getByText('Draft notes').closest('tr')!;
    expect(within(draftRow).getByText('/info/draft-notes')).toBeInTheDocument();
    expect(within(draftRow).queryByRole('link')).toBeNull();

    fireEvent.click(within(draftRow).getByText('Draft notes'));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/info\?record=\d+$/),
    );
    const drawer = await screen.findByRole('region');
    expect(await within(drawer).findByDisplayValue('draft-notes')).toBeInTheDocument();
    expect(within(drawer).getByTestId('markdown-preview')).toHaveTextContent('Draft');
  });

  it('links the published announcement to its public address', async () => {
    renderSection('/messages', '/messages', <MessageList />);
    const link = await screen.findByRole('link', { name: 'announcement' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toMatch(/^\/messages\/announcement\/\d+$/);
  });
});
