// @vitest-environment-options {"url": "http://localhost:3000/"}
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { renderApp } from '../../support/renderApp';
import { SESSION_KEYS } from '../../../../src/ui/api/storageKeys';
import { resolveLocalhostNames } from '../../support/localhostNames';
import { signInAs } from '../../support/realSession';
import { build, type TestServer } from '../../../api/harness';

// Routing rules of spec §2 on the root host, against the real server at localhost. Tenant
// users (acme) carry their site in the session; the platform admin is `admin` of www.

let api: TestServer;
beforeAll(async () => {
  api = await build();
  await resolveLocalhostNames(api.base);
  setApiPrefix(`http://localhost:${api.port}`);
  // A platform user who may not sign in: verifyLogin answers active: false.
  await api.addAccount('www', { inactive: 'viewer' });
  await api.app.db
    .updateTable('users')
    .set({ active: 0 })
    .where('username', '=', 'inactive')
    .execute();
});
afterAll(async () => {
  setApiPrefix('');
  await api.close();
});

/** Signs a seeded acme user in, keeping the seeded full name in the stored user. */
async function signInAcme(username: string): Promise<string> {
  const token = await signInAs(api, 'acme', username);
  const stored = JSON.parse(sessionStorage.getItem(SESSION_KEYS.user)!);
  const { full_name } = await api.app.db
    .selectFrom('users')
    .select('full_name')
    .where('id', '=', stored.id)
    .executeTakeFirstOrThrow();
  sessionStorage.setItem(SESSION_KEYS.user, JSON.stringify({ ...stored, fullName: full_name }));
  return token;
}
const signInPlatformAdmin = () => signInAs(api, 'www', 'admin');

const location = () => screen.getByTestId('location').textContent;
const HOME_HEADING = 'Your data, your dashboards, your brand';

describe('public routes on the root host', { timeout: 20000 }, () => {
  it('shows the home page at /', async () => {
    await renderApp('/');
    expect(await screen.findByRole('heading', { name: HOME_HEADING })).toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it('shows the home page at /home', async () => {
    await renderApp('/home');
    expect(await screen.findByRole('heading', { name: HOME_HEADING })).toBeInTheDocument();
  });

  it('sends an unknown path to /', async () => {
    await renderApp('/no/such/page');
    await waitFor(() => expect(location()).toBe('/'));
    expect(await screen.findByRole('heading', { name: HOME_HEADING })).toBeInTheDocument();
  });

  it('shows the sign-in page at /login', async () => {
    await renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Username/)).toBeInTheDocument();
  });

  it('opens the shared dashboard page without sign-in; an unknown link shows its message', async () => {
    await renderApp('/share/dashboards/7/some-token');
    // The share API does not know this token: the page goes on to the message, no data.
    await waitFor(() => expect(location()).toBe('/messages/share/invalid'));
    expect(await screen.findByText('Link not valid')).toBeInTheDocument();
  });
});

describe('protected routes', { timeout: 20000 }, () => {
  it('sends a visitor without a session to /login, remembering the path', async () => {
    await renderApp('/users?page=2');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fusers%3Fpage%3D2'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    // The server was asked whether the browser still has a session.
    expect(api.requests.some((request) => request.path === '/api/v1/verifyLogin')).toBe(true);
  });

  it('with a session token but no user in state, asks the server and stays', async () => {
    // Without a stored user no site header is sent: the root host's own (platform) admin.
    sessionStorage.setItem(SESSION_KEYS.token, await api.sessionFor('www', 'admin'));
    await renderApp('/users');
    expect(await screen.findByText('admin@brandboard.example')).toBeInTheDocument();
    expect(location()).toBe('/users');
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEYS.user) ?? 'null')).toMatchObject({
      username: 'admin',
      active: true,
    });
  });

  it('sends a user the server reports inactive to /login and stores nothing', async () => {
    sessionStorage.setItem(SESSION_KEYS.token, await api.sessionFor('www', 'inactive'));
    await renderApp('/users');
    await waitFor(() => expect(location()).toBe('/login?redirect=%2Fusers'));
    expect(sessionStorage.getItem(SESSION_KEYS.user)).toBeNull();
  });

  it('opens a section the signed-in role may use', async () => {
    const token = await signInAcme('admin');
    await renderApp('/users');
    expect(await screen.findByText('admin@acme.example')).toBeInTheDocument();
    expect(location()).toBe('/users');
    const listCall = api.requests.findLast((request) => request.path === '/api/v1/users');
    expect(listCall?.headers.authorization).toBe(`Bearer ${token}`);
    expect(listCall?.headers.site).toBe('acme');
  });

  it('does not open a section the role may not use', async () => {
    await signInAcme('viewer');
    await renderApp('/users');
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('opens the surveys section on its own screens', async () => {
    await signInAcme('admin');
    await renderApp('/surveys');
    await waitFor(() =>
      expect(api.requests.some((request) => request.path === '/api/v1/surveys')).toBe(true),
    );
    expect(location()).toBe('/surveys');
  });
});

describe(
  'shared prefixes: public shapes win, the protected list keeps the bare prefix',
  { timeout: 20000 },
  () => {
    it('/messages/:type is the public message page, signed in or not', async () => {
      await renderApp('/messages/registration/received');
      expect(await screen.findByText('Registration received')).toBeInTheDocument();
      expect(location()).toBe('/messages/registration/received');
    });

    it('/messages/:type stays the public page for a signed-in platform admin', async () => {
      await signInPlatformAdmin();
      await renderApp('/messages/registration/received');
      expect(await screen.findByText('Registration received')).toBeInTheDocument();
      expect(location()).toBe('/messages/registration/received');
    });

    it('/messages alone is the protected list and asks for sign-in', async () => {
      await renderApp('/messages');
      await waitFor(() => expect(location()).toBe('/login?redirect=%2Fmessages'));
    });

    it('/info/:page is the public information page', async () => {
      await renderApp('/info/no-such-page');
      // No page has this slug: the public page answers with its own not-found text.
      expect(await screen.findByText('Page not found')).toBeInTheDocument();
      expect(location()).toBe('/info/no-such-page');
    });

    it('/info alone asks for sign-in', async () => {
      await renderApp('/info');
      await waitFor(() => expect(location()).toBe('/login?redirect=%2Finfo'));
    });

    it('/pricing/:token is the public pricing page', async () => {
      await renderApp('/pricing/abc');
      await waitFor(() =>
        expect(api.requests.some((r) => r.path.startsWith('/api/v1/public/registrations/'))).toBe(
          true,
        ),
      );
      expect(location()).toBe('/pricing/abc');
    });

    it('/pricing alone asks for sign-in', async () => {
      await renderApp('/pricing');
      await waitFor(() => expect(location()).toBe('/login?redirect=%2Fpricing'));
    });
  },
);

describe('sections by role', { timeout: 20000 }, () => {
  it('an admin gets the tenant sections, not the platform ones', async () => {
    await signInAcme('admin');
    await renderApp('/getting-started');
    expect(await screen.findByText('Getting started, Ada Admin')).toBeInTheDocument();
    const steps = screen.getByRole('list', { name: 'Steps' });
    expect(within(steps).getByRole('link', { name: /Invite your team/ })).toHaveAttribute(
      'href',
      '/users',
    );
    expect(within(steps).getByRole('link', { name: /Build and share dashboards/ })).toHaveAttribute(
      'href',
      '/dashboards',
    );
    // No badge that says nothing: the state of a step is the checklist's done or to do.
    expect(screen.queryByText('Available now')).toBeNull();
    const checklist = await screen.findByRole('list', { name: 'First steps of your account' });
    const states = within(checklist)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('svg title')?.textContent);
    expect(states.length).toBeGreaterThan(0);
    expect(states.every((state) => state === 'Done' || state === 'To do')).toBe(true);
  });

  it("the menu shows an admin's sections only", async () => {
    await signInAcme('admin');
    await renderApp('/users');
    const menu = await screen.findByRole('navigation', { name: 'Main navigation' });
    // On /users its group is open: the entry is there, platform-only sections are not.
    await waitFor(() => expect(within(menu).getByText('Users')).toBeInTheDocument());
    expect(within(menu).getByText('Administration')).toBeInTheDocument();
    expect(within(menu).queryByText('Accounts')).toBeNull();
    expect(within(menu).queryByText('Registrations')).toBeNull();
  });

  it('a viewer is not shown administration steps', async () => {
    await signInAcme('viewer');
    await renderApp('/getting-started');
    const steps = await screen.findByRole('list', { name: 'Steps' });
    expect(within(steps).queryByRole('link', { name: /Invite your team/ })).toBeNull();
    expect(within(steps).getByRole('link', { name: /Build and share dashboards/ })).toBeVisible();
  });

  it('an admin cannot open the accounts section', async () => {
    await signInAcme('admin');
    await renderApp('/accounts');
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('a platform admin opens the accounts section', async () => {
    await signInPlatformAdmin();
    await renderApp('/accounts');
    expect(await screen.findByText('acme')).toBeInTheDocument();
    expect(location()).toBe('/accounts');
  });
});
