import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { renderApp } from '../../support/renderApp';
import { nowIso } from '../../../../server/db/schema';
import { startPlatformServer, type PlatformServer } from '../../../api/platformHarness';
import { signInAs } from '../../support/realServerScreens';

// The getting-started page shows the account's checklist as the server computes it: ticked
// steps, links to where the others are done (for roles that may do them), hide and show again.

let api: PlatformServer;

/** Initech: one admin (nobody invited yet), an external source and a dataset over it. */
async function addInitech() {
  const accountId = await api.addAccount('initech', { boss: 'admin' });
  const source = await api.app.db
    .insertInto('data_sources')
    .values({
      account_id: accountId,
      name: 'Sales database',
      type: 'postgres',
      config_json: '{}',
      password_enc: null,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await api.app.db
    .insertInto('datasets')
    .values({
      account_id: accountId,
      source_id: source.id,
      name: 'Orders',
      description: '',
      table_name: 'orders',
      sql: null,
      fields_json: '[]',
      row_count: null,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
}

beforeAll(async () => {
  api = await startPlatformServer();
  setApiPrefix(api.base);
  await addInitech();
  // Hooli: one viewer, alone in the account.
  await api.addAccount('hooli', { gavin: 'viewer' });
});
afterAll(async () => {
  setApiPrefix('');
  await api.close();
});

const checklist = () => screen.findByRole('list', { name: 'First steps of your account' });
const step = (list: HTMLElement, name: string) => within(list).getByText(name).closest('li')!;

describe('getting-started checklist', { timeout: 20000 }, () => {
  it('ticks the steps done and links an admin to the others', async () => {
    await signInAs(api, 'initech', 'boss');
    await renderApp('/getting-started');
    const list = await checklist();
    expect(screen.getByTestId('checklist-progress')).toHaveTextContent('2 of 7 done');
    const connect = step(list, 'Connect a data source or upload a file');
    expect(connect).toHaveAttribute('data-done', 'true');
    expect(within(connect).queryByRole('link')).toBeNull();
    const invite = step(list, 'Invite a colleague');
    expect(invite).toHaveAttribute('data-done', 'false');
    expect(within(invite).getByRole('link', { name: 'Invite' })).toHaveAttribute(
      'href',
      '/users/create',
    );
  });

  it("tells a viewer who can do the steps their role can't", async () => {
    await signInAs(api, 'hooli', 'gavin');
    await renderApp('/getting-started');
    const list = await checklist();
    const invite = step(list, 'Invite a colleague');
    expect(within(invite).queryByRole('link')).toBeNull();
    expect(invite).toHaveTextContent('Ask an administrator or an editor of your account');
  });

  it('hides the checklist and shows it again', async () => {
    await signInAs(api, 'initech', 'boss');
    await renderApp('/getting-started');
    await checklist();
    fireEvent.click(screen.getByRole('button', { name: 'Hide this checklist' }));
    expect(await screen.findByText('The checklist of first steps is hidden.')).toBeVisible();
    expect(api.requests.some((r) => r.method === 'PUT' && r.body === '{"dismissed":true}')).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show it again' }));
    await waitFor(() => expect(screen.getByTestId('checklist-progress')).toBeVisible());
  });
});
