import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import AccountEdit from '../../../../src/resources/accounts/AccountEdit';
import { startPlatformServer, type PlatformServer } from '../../../api/platformHarness';
import { renderScreenAt, signInAs } from '../../support/realServerScreens';

// The accounts admin's edit screen against the real server (Fastify over a temporary SQLite
// file): usage against the plan's limits, the plan picked from the plans, and the explicit
// Suspend / Reactivate actions behind a confirmation.

let server: PlatformServer;
let acmeId: number;

const signInAsPlatformAdmin = () => signInAs(server, 'www', 'admin');

const renderEdit = (id: number) =>
  renderScreenAt(server, {
    url: `/accounts/${id}`,
    route: '/accounts/:id',
    resource: 'accounts',
    element: <AccountEdit />,
  });

const acmeRow = () =>
  server.app.db
    .selectFrom('accounts')
    .selectAll()
    .where('id', '=', acmeId)
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
});
afterAll(async () => {
  setApiPrefix('');
  await server?.close();
});

describe('accounts admin', { timeout: 20000 }, () => {
  beforeEach(signInAsPlatformAdmin);

  it("shows the usage against the plan's limits and changes the plan", async () => {
    renderEdit(acmeId);
    const usage = await screen.findByRole(
      'region',
      { name: 'Usage against the plan' },
      { timeout: 5000 },
    );
    // The seeded demo tenant is on Team: 25 users, unlimited dashboards.
    expect(within(usage).getByText('4 of 25')).toBeInTheDocument();
    expect(within(usage).getByText('0 (unlimited)')).toBeInTheDocument();
    expect(within(usage).getByText('0 MB of 10 GB')).toBeInTheDocument();

    const user = userEvent.setup();
    const plan = await screen.findByRole('combobox', { name: /Plan/ });
    await waitFor(() => expect(plan).toHaveTextContent('Team'));
    await user.click(plan);
    await user.click(await screen.findByRole('option', { name: 'Free' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('elsewhere');
    const free = await server.app.db
      .selectFrom('pricing_plans')
      .select('id')
      .where('name', '=', 'Free')
      .executeTakeFirstOrThrow();
    expect(await acmeRow()).toMatchObject({ plan: 'Free', plan_id: free.id, active: 1 });
  });

  it('suspends and reactivates only after a confirmation', async () => {
    renderEdit(acmeId);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Suspend Acme Analytics?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await acmeRow()).active).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Suspend' }),
    );
    await waitFor(async () => expect((await acmeRow()).active).toBe(0));
    expect(await screen.findByText('Suspended')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(await screen.findByRole('button', { name: 'Reactivate' }));
    const reactivate = await screen.findByRole('dialog');
    expect(within(reactivate).getByText('Reactivate Acme Analytics?')).toBeInTheDocument();
    await user.click(within(reactivate).getByRole('button', { name: 'Reactivate' }));
    await waitFor(async () => expect((await acmeRow()).active).toBe(1));
    expect(await screen.findByText('Active')).toBeInTheDocument();
  });

  it('offers no suspension of the platform account', async () => {
    const platformId = (
      await server.app.db
        .selectFrom('accounts')
        .select('id')
        .where('site', '=', 'www')
        .executeTakeFirstOrThrow()
    ).id;
    renderEdit(platformId);
    expect(
      await screen.findByText('No plan (no limits)', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suspend' })).not.toBeInTheDocument();
  });
});
