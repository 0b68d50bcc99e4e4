import { render } from '@testing-library/react';
import { AdminContext, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { User } from '../../../src/model/types';
import { authProvider } from '../../../src/ui/session/authProvider';
import { createDataProvider } from '../../../src/app/providers/dataProvider';
import { i18nProvider } from '../../../src/ui/i18n/i18nProvider';
import { SESSION_KEYS } from '../../../src/ui/api/storageKeys';
import UserCreate from '../../../src/resources/users/UserCreate';
import UserEdit from '../../../src/resources/users/UserEdit';
import type { PlatformServer } from '../../api/platformHarness';

// The users screens against the real server, signed in as acme's admin.

export async function signInAsAcmeAdmin(server: PlatformServer): Promise<void> {
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
  };
  sessionStorage.setItem(SESSION_KEYS.token, token);
  sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify(user));
}

/** The create and edit screens at `path`; a save lands on a stand-in list ("users list"). */
export function renderUsers(server: PlatformServer, path: string) {
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
