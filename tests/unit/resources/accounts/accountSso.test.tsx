import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import AccountEdit from '../../../../src/resources/accounts/AccountEdit';
import { startPlatformServer, type PlatformServer } from '../../../api/platformHarness';
import { renderScreenAt, signInAs } from '../../support/realServerScreens';

// The platform admin's account page shows a tenant's single sign-on and repairs a lock-out
// (single sign-on on, passwords off, provider broken) after a confirmation, against the real
// server.

let server: PlatformServer;
let acmeId: number;

const renderEdit = () =>
  renderScreenAt(server, {
    url: `/accounts/${acmeId}`,
    route: '/accounts/:id',
    resource: 'accounts',
    element: <AccountEdit />,
  });

const settingsRow = () =>
  server.app.db
    .selectFrom('sso_settings')
    .select(['enabled', 'password_sign_in'])
    .where('account_id', '=', acmeId)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  server = await startPlatformServer();
  setApiPrefix(server.base);
  acmeId = (
    await server.app.db
      .selectFrom('accounts')
      .select('id')
      .where('site', '=', 'acme')
      .executeTakeFirstOrThrow()
  ).id;
  await server.app.db
    .insertInto('sso_settings')
    .values({
      account_id: acmeId,
      display_name: 'Acme ID',
      issuer: 'https://id.acme.invalid',
      client_id: 'brandboard',
      client_secret_enc: 'sealed',
      role_claim: 'groups',
      role_map_json: '{}',
      default_role: 'viewer',
      attribute_claims_json: '{}',
      enabled: 1,
      password_sign_in: 0,
      scim_token_hash: null,
      updated_at: new Date().toISOString(),
    })
    .execute();
});
afterAll(async () => {
  setApiPrefix('');
  await server?.close();
});

describe('single sign-on on the account page', { timeout: 30000 }, () => {
  beforeEach(() => signInAs(server, 'www', 'admin'));

  it('shows the lock-out and turns passwords on, then single sign-on off, once confirmed', async () => {
    renderEdit();
    const section = await screen.findByRole(
      'region',
      { name: 'Single sign-on' },
      { timeout: 10000 },
    );
    await within(section).findByText('Acme ID (https://id.acme.invalid)');
    expect(within(section).getByText(/If the provider is broken/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Turn password sign-in on' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Turn password sign-in on for Acme Analytics?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await settingsRow()).toEqual({ enabled: 1, password_sign_in: 0 });

    await user.click(within(section).getByRole('button', { name: 'Turn password sign-in on' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Turn password sign-in on',
      }),
    );
    await waitFor(() =>
      expect(within(section).queryByText(/If the provider is broken/)).toBeNull(),
    );
    expect(await settingsRow()).toEqual({ enabled: 1, password_sign_in: 1 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(section).queryByRole('button', { name: 'Turn password sign-in on' })).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Turn single sign-on off' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Turn single sign-on off',
      }),
    );
    await waitFor(() =>
      expect(within(section).queryByRole('button', { name: 'Turn single sign-on off' })).toBeNull(),
    );
    expect(await settingsRow()).toEqual({ enabled: 0, password_sign_in: 1 });
  });
});
