import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { User } from '../../../../common/types';
import { authProvider } from '../../../../src/ui/session/authProvider';
import { createDataProvider } from '../../../../src/app/providers/dataProvider';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { i18nProvider } from '../../../../src/ui/i18n/i18nProvider';
import { SESSION_KEYS } from '../../../../src/ui/api/storageKeys';
import MessagesScreen from '../../../../src/resources/messages/MessagesScreen';
import { call } from '../../../api/fixtures';
import { startPlatformServer, type PlatformServer } from '../../../api/platformHarness';

// The /messages screen against the real server: the account's sent messages for every user
// (opened in place), and the announcements tab for platform admins only.

let server: PlatformServer;

async function signInAs(site: string, username: string, role: User['role']) {
  const token = await server.sessionFor(site, username);
  const row = await server.app.db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.id', 'users.account_id')
    .select(['users.id', 'users.account_id', 'users.email'])
    .where('users.username', '=', username)
    .where('accounts.site', '=', site)
    .executeTakeFirstOrThrow();
  const user: User = {
    id: row.id,
    username,
    fullName: username,
    email: row.email,
    role,
    active: true,
    accountId: row.account_id,
    site,
    language: null,
  };
  sessionStorage.setItem(SESSION_KEYS.token, token);
  sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
}

function renderMessages() {
  return render(
    <MemoryRouter initialEntries={['/messages']}>
      <AdminContext
        dataProvider={createDataProvider(`${server.base}/api/v1`)}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
      >
        <Routes>
          <Route path="/messages" element={<MessagesScreen />} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  server = await startPlatformServer();
  setApiPrefix(server.base);
  const registered = await call(server, 'POST', '/api/v1/register', {
    body: {
      companyName: 'Initech',
      site: 'initech',
      fullName: 'Bill Lumbergh',
      email: 'bill@initech.example',
      username: 'bill',
    },
  });
  expect(registered.json).toBe(true);
});
afterAll(async () => {
  setApiPrefix('');
  sessionStorage.clear();
  await server?.close();
});

describe('messages screen', () => {
  it('shows the platform admin the sent messages, opened in place, and the announcements tab', async () => {
    await signInAs('www', 'admin', 'platform-admin');
    renderMessages();
    const subject = await screen.findByText('We received the registration of Initech');
    const row = subject.closest('tr')!;
    expect(within(row).getByText('bill@initech.example')).toBeInTheDocument();
    expect(within(row).getByText('In the app only')).toBeInTheDocument();
    await userEvent.setup().click(subject);
    const shown = await screen.findByTestId('account-message');
    expect(within(shown).getByText('To bill@initech.example')).toBeInTheDocument();
    expect(within(shown).getByText('Initech')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Announcements' })).toBeInTheDocument();
  });

  it('lets the platform admin send a published announcement to every tenant user', async () => {
    await signInAs('www', 'admin', 'platform-admin');
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderMessages();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Announcements' }));
    const [send] = await screen.findAllByRole('button', { name: 'Send to all users' });
    await user.click(send);
    await waitFor(async () => {
      const sent = await server.app.db
        .selectFrom('outbox_messages')
        .select('recipient')
        .where('type', '=', 'announcement')
        .execute();
      expect(sent.map((row) => row.recipient).sort()).toEqual([
        'admin@acme.example',
        'editor@acme.example',
        'viewer@acme.example',
      ]);
    });
    vi.restoreAllMocks();
  });

  it('shows a tenant user only the messages addressed to them, without announcements to edit', async () => {
    await signInAs('acme', 'viewer', 'viewer');
    renderMessages();
    // The announcement the platform admin sent in the test above, to this viewer only.
    const subject = await screen.findByText('Share dashboards by link');
    expect(within(subject.closest('tr')!).getByText('viewer@acme.example')).toBeInTheDocument();
    expect(screen.queryByText('admin@acme.example')).toBeNull();
    expect(screen.queryByText('We received the registration of Initech')).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Announcements' })).toBeNull();
  });
});
