import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import MyDeliveryList from '../../../../src/resources/subscriptions/MyDeliveryList';
import AccountDeliveryList from '../../../../src/resources/accountSubscriptions/AccountDeliveryList';
import { startPlatformServer, type PlatformServer } from '../../../api/platformHarness';
import { nowIso } from '../../../../server/db/schema';
import { renderScreenAt, signInAs } from '../../support/realServerScreens';

// The Subscriptions page of a user and the admin's page of the account, against the real
// server as acme's admin: the empty state, a subscription and an alert with their latest runs,
// pausing, and deleting after a confirmation; the account's page shows a colleague's alert.

let server: PlatformServer;
let acmeId: number;
let adminId: number;
let editorId: number;

const idOf = async (username: string) =>
  (
    await server.app.db
      .selectFrom('users')
      .select('id')
      .where('account_id', '=', acmeId)
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).id;

async function addAlert(createdBy: number, name: string) {
  const now = nowIso();
  await server.app.db
    .insertInto('alerts')
    .values({
      account_id: acmeId,
      chart_id: 999,
      created_by: createdBy,
      name,
      measure: 'sum_amount',
      condition_json: JSON.stringify({ kind: 'above', threshold: 10 }),
      schedule_json: JSON.stringify({ every: 'hour', minute: 5 }),
      channel: 'email',
      webhook_url: null,
      paused: 0,
      state: 'ok',
      last_value: 3,
      last_checked_at: now,
      last_error: null,
      last_tick: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

beforeAll(async () => {
  server = await startPlatformServer();
  setApiPrefix(server.base);
  await signInAs(server, 'acme', 'admin');
  acmeId = (
    await server.app.db
      .selectFrom('accounts')
      .select('id')
      .where('site', '=', 'acme')
      .executeTakeFirstOrThrow()
  ).id;
  adminId = await idOf('admin');
  editorId = await idOf('editor');
});
afterAll(async () => {
  setApiPrefix('');
  await server?.close();
});

/** The first answer of a list on a machine under load. */
const LOAD_MS = 30000;

const mine = () =>
  renderScreenAt(server, {
    url: '/subscriptions',
    resource: 'subscriptions',
    element: <MyDeliveryList />,
  });

describe('the Subscriptions page', { timeout: 120000 }, () => {
  beforeEach(() => signInAs(server, 'acme', 'admin'));

  it('says there is nothing yet', async () => {
    const { unmount } = mine();
    expect(
      await screen.findByText('No subscriptions or alerts yet', {}, { timeout: LOAD_MS }),
    ).toBeInTheDocument();
    unmount();
  });

  it('lists a subscription with its runs and an alert; pauses, and deletes after asking', async () => {
    const now = nowIso();
    const dashboard = await server.app.db
      .insertInto('dashboards')
      .values({
        account_id: acmeId,
        name: 'Board review',
        description: '',
        tiles_json: '[]',
        filters_json: '[]',
        refresh_seconds: 0,
        created_by: adminId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const subscription = await server.app.db
      .insertInto('subscriptions')
      .values({
        account_id: acmeId,
        dashboard_id: dashboard.id,
        created_by: adminId,
        schedule_json: JSON.stringify({ every: 'day', time: '08:00' }),
        channel: 'email',
        webhook_url: null,
        recipients_json: JSON.stringify([adminId]),
        filters_json: '[]',
        attachments_json: JSON.stringify({ chartIds: [], format: 'xlsx' }),
        paused: 0,
        last_tick: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.app.db
      .insertInto('subscription_runs')
      .values({
        account_id: acmeId,
        subscription_id: subscription.id,
        tick: now,
        started_at: now,
        duration_ms: 1234,
        recipients_json: JSON.stringify(['someone@acme.example']),
        outcome: 'failed',
        error: 'The e-mail to someone@acme.example could not be sent; it is retried.',
      })
      .execute();
    await addAlert(adminId, 'Sales too high');

    mine();
    const user = userEvent.setup();
    const subscriptionCell = await screen.findByText('Board review', {}, { timeout: LOAD_MS });
    await screen.findAllByRole('button', { name: 'Pause' }, { timeout: LOAD_MS });
    const alertRow = screen.getByText('Sales too high').closest('tr')!;
    expect(within(alertRow).getByText('Chart alert')).toBeInTheDocument();
    expect(within(alertRow).getByText('Every hour at minute 5')).toBeInTheDocument();
    const subscriptionRow = subscriptionCell.closest('tr')!;
    expect(within(subscriptionRow).getByText('Failing')).toBeInTheDocument();

    await user.click(subscriptionCell);
    const runs = await screen.findByRole('table', { name: 'Latest runs of Board review' });
    expect(within(runs).getByText('1234 ms')).toBeInTheDocument();
    expect(within(runs).getByText('someone@acme.example')).toBeInTheDocument();
    expect(within(runs).getByText(/could not be sent/)).toBeInTheDocument();

    await user.click(within(alertRow).getByRole('button', { name: 'Pause' }));
    await waitFor(
      () =>
        expect(
          within(screen.getByText('Sales too high').closest('tr')!).getByText('Paused'),
        ).toBeInTheDocument(),
      { timeout: LOAD_MS },
    );
    const [stored] = await server.app.db.selectFrom('alerts').select('paused').execute();
    expect(stored.paused).toBe(1);

    const row = screen.getByText('Board review').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole(
      'dialog',
      { name: 'Delete this subscription?' },
      { timeout: LOAD_MS },
    );
    await user.click(within(confirm).getByRole('button', { name: /Confirm/ }));
    await waitFor(() => expect(screen.queryByText('Board review')).toBeNull(), {
      timeout: LOAD_MS,
    });
    expect(await server.app.db.selectFrom('subscriptions').selectAll().execute()).toEqual([]);
  });

  it("shows an admin the account's subscriptions and alerts, a colleague's too", async () => {
    await addAlert(editorId, "Editor's watch");
    renderScreenAt(server, {
      url: '/account-subscriptions',
      resource: 'account-subscriptions',
      element: <AccountDeliveryList />,
    });
    expect(await screen.findByText("Editor's watch", {}, { timeout: LOAD_MS })).toBeInTheDocument();
    expect(screen.getByText('Sales too high')).toBeInTheDocument();
  });
});
