import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { startPlatformServer, type PlatformServer } from '../../../api/platformHarness';
import UserEdit from '../../../../src/resources/users/UserEdit';
import { renderScreenAt, signInAs } from '../../support/realServerScreens';

// An admin gives a user attributes on the edit screen: a key and its values, comma-separated;
// a malformed key is marked at the field and not saved; one value is kept as text, several as
// a list.

let server: PlatformServer;

const attributesOf = async (username: string) => {
  const row = await server.app.db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.id', 'users.account_id')
    .select('users.attributes_json')
    .where('users.username', '=', username)
    .where('accounts.site', '=', 'acme')
    .executeTakeFirstOrThrow();
  return JSON.parse(row.attributes_json) as unknown;
};

beforeAll(async () => {
  server = await startPlatformServer();
  setApiPrefix(server.base);
  await signInAs(server, 'acme', 'admin');
});
afterAll(async () => {
  setApiPrefix('');
  sessionStorage.clear();
  await server?.close();
});

describe('user attributes', { timeout: 30000 }, () => {
  it('saves attributes typed on the edit screen, refusing a malformed key at the field', async () => {
    const viewer = await server.app.db
      .selectFrom('users')
      .innerJoin('accounts', 'accounts.id', 'users.account_id')
      .select('users.id')
      .where('users.username', '=', 'viewer')
      .where('accounts.site', '=', 'acme')
      .executeTakeFirstOrThrow();
    renderScreenAt(server, {
      url: `/users/${viewer.id}`,
      route: '/users/:id',
      resource: 'users',
      element: <UserEdit />,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add an attribute' }));
    await user.type(screen.getByLabelText('Attribute'), '1st region');
    await user.type(screen.getByLabelText('Values'), 'North, South');
    expect(screen.getByText('Letters, digits and _ only, starting with a letter')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Correct the attributes marked')).toBeInTheDocument();
    expect(await attributesOf('viewer')).toEqual({});

    await user.clear(screen.getByLabelText('Attribute'));
    await user.type(screen.getByLabelText('Attribute'), 'region');
    await user.click(screen.getByRole('button', { name: 'Add an attribute' }));
    const [, secondKey] = screen.getAllByLabelText('Attribute');
    const [, secondValues] = screen.getAllByLabelText('Values');
    await user.type(secondKey, 'customer_id');
    await user.type(secondValues, '42');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    await waitFor(async () =>
      expect(await attributesOf('viewer')).toEqual({
        region: ['North', 'South'],
        customer_id: '42',
      }),
    );
  });
});
