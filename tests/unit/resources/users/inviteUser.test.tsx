import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { hashToken } from '../../../../server/http/tokens';
import type { User } from '../../../../common/types';
import { authProvider } from '../../../../src/ui/session/authProvider';
import { createDataProvider } from '../../../../src/app/providers/dataProvider';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { i18nProvider } from '../../../../src/ui/i18n/i18nProvider';
import { SESSION_KEYS } from '../../../../src/ui/api/storageKeys';
import UserCreate from '../../../../src/resources/users/UserCreate';
import UserEdit from '../../../../src/resources/users/UserEdit';
import { startPlatformServer, type PlatformServer } from '../../../api/platformHarness';

// Inviting a user from the users screens against the real server: a create without a password
// invites (an inactive user, a message, and the link shown at once with whether an e-mail
// went); Copy invitation link sends a new one and shows its link once.

let server: PlatformServer;

async function signInAsAcmeAdmin() {
  const token = await server.sessionFor('acme', 'admin');
  const row = await server.app.db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.id', 'users.account_id')
    .select(['users.id', 'users.account_id', 'users.email'])
    .where('users.username', '=', 'admin')
    .where('accounts.site', '=', 'acme')
    .executeTakeFirstOrThrow();
  const user: User = {
    id: row.id,
    username: 'admin',
    fullName: 'Ada Admin',
    email: row.email,
    role: 'admin',
    active: true,
    accountId: row.account_id,
    site: 'acme',
    language: null,
  };
  sessionStorage.setItem(SESSION_KEYS.token, token);
  sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
}

function renderUsers(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={createDataProvider(`${server.base}/api/v1`)}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
      >
        <ResourceContextProvider value="users">
          <Routes>
            <Route path="/users/create" element={<UserCreate />} />
            <Route path="/users/:id" element={<UserEdit />} />
            <Route path="/users" element={<p>users list</p>} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

const invitationsTo = (recipient: string) =>
  server.app.db
    .selectFrom('outbox_messages')
    .select(['type', 'link'])
    .where('recipient', '=', recipient)
    .orderBy('id')
    .execute();
/** The hashes of the user's create-password tokens, oldest first. */
const tokenHashesOf = (userId: number) =>
  server.app.db
    .selectFrom('invitations')
    .select('token_hash')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  server = await startPlatformServer();
  setApiPrefix(server.base);
  await signInAsAcmeAdmin();
});
afterAll(async () => {
  setApiPrefix('');
  sessionStorage.clear();
  await server?.close();
});

describe('inviting users', { timeout: 30000 }, () => {
  it('invites a user created without a password, then resends the invitation', async () => {
    renderUsers('/users/create');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Username/), 'ines.new');
    await user.type(screen.getByLabelText(/Full name/), 'Ines New');
    await user.type(screen.getByLabelText(/E-mail/), 'ines.new@acme.example');
    await user.click(screen.getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Viewer' }));
    expect(screen.getByText(/Leave empty to invite/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The admin gets the link at once, told truthfully that no e-mail went (no SMTP here).
    const invited = await screen.findByRole('dialog', { name: 'User invited' });
    expect(invited).toHaveTextContent(
      'No e-mail was sent (this site sends none): copy the link and send it to ines.new@acme.example yourself.',
    );
    expect(invited).not.toHaveTextContent(/went to/);
    expect(within(invited).getByRole('button', { name: 'Copy' })).toBeEnabled();
    const created = await server.app.db
      .selectFrom('users')
      .select(['id', 'active', 'password_hash'])
      .where('username', '=', 'ines.new')
      .executeTakeFirstOrThrow();
    expect(created).toMatchObject({ active: 0, password_hash: '' });
    const [firstHash] = await tokenHashesOf(created.id);
    const firstLink = within(invited).getByLabelText('Create-password link') as HTMLInputElement;
    expect(hashToken(firstLink.value.split('/').pop()!)).toBe(firstHash.token_hash);
    await user.click(within(invited).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('users list')).toBeInTheDocument();

    const [first] = await invitationsTo('ines.new@acme.example');
    // The outbox keeps the message without the one-time link.
    expect(first).toEqual({ type: 'invitation', link: null });

    renderUsers(`/users/${created.id}`);
    // Invited, not deactivated: the page says so and offers a fresh link to copy.
    expect(await screen.findByTestId('user-status')).toHaveTextContent('Invited');
    await user.click(await screen.findByRole('button', { name: 'Copy invitation link' }));
    await waitFor(async () => expect(await invitationsTo('ines.new@acme.example')).toHaveLength(2));
    const [firstToken, secondToken] = await tokenHashesOf(created.id);
    expect(secondToken.token_hash).not.toBe(firstToken.token_hash);
    // The new link is shown once (the server keeps only its hash), to pass on by hand.
    const dialog = await screen.findByRole('dialog');
    const link = within(dialog).getByLabelText('Create-password link') as HTMLInputElement;
    expect(link.value).toMatch(
      new RegExp(`^${window.location.origin}/create-password/[\\w-]{40,}$`),
    );
    expect(hashToken(link.value.split('/').pop()!)).toBe(secondToken.token_hash);
  });
});
