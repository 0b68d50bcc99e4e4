// @vitest-environment-options {"url": "http://acme.localhost:3000/"}
import '../../support/dashboardBrowserApis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dashboard } from '../../../../common/charts';
import { startDashboardsServer, type DashboardsServer } from '../../support/dashboardsRealServer';
import { signInAs } from '../../support/realSession';
import { renderApp } from '../../support/renderApp';

// Translated dashboard and chart titles against the real server: the language shown is the
// one the app speaks, here the signed-in user's own (set on their profile); the editor's
// Translations dialog lists the languages still missing and saves what is typed.

const FRENCH = { name: 'Vols', description: 'Démo' };

let api: DashboardsServer;
let flights: Dashboard;
beforeAll(async () => {
  api = await startDashboardsServer();
});
afterAll(() => api.close());
beforeEach(async () => {
  flights = await api.resetDashboards();
  await api.app.db
    .updateTable('dashboards')
    .set({ translations_json: JSON.stringify({ fr: FRENCH }) })
    .where('id', '=', flights.id)
    .execute();
  await api.app.db
    .updateTable('charts')
    .set({ translations_json: JSON.stringify({ fr: { name: 'Vols par origine' } }) })
    .where('name', '=', 'Flights by origin')
    .execute();
  api.requests.length = 0;
});
afterEach(() => api.app.db.updateTable('users').set({ language: null }).execute());

/** Signed in as acme's `username`, whose own language is `language`. */
async function renderAs(username: string, language: string, path = `/dashboards/${flights.id}`) {
  await api.app.db
    .updateTable('users')
    .set({ language: language === 'en' ? null : language })
    .where('username', '=', username)
    .execute();
  await signInAs(api, 'acme', username);
  return renderApp(path);
}

describe('translated dashboards', { timeout: 60000 }, () => {
  it('shows a French user the French dashboard and chart titles', async () => {
    await renderAs('viewer', 'fr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vols' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Vols par origine' })).toBeInTheDocument();
    // Untranslated titles fall back to the text as written.
    expect(screen.getByRole('heading', { name: 'Flights by destination' })).toBeInTheDocument();
  });

  it('lists dashboards and charts under their French names', async () => {
    await renderAs('viewer', 'fr', '/dashboards');
    expect(await screen.findByText('Vols')).toBeInTheDocument();
    expect(screen.queryByText('Flights')).toBeNull();
  });

  it('shows everyone else the titles as written', async () => {
    await renderAs('viewer', 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Flights' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Flights by origin' })).toBeInTheDocument();
  });

  it('lists the missing languages in the editor and saves a new translation', async () => {
    await renderAs('editor', 'en');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(await screen.findByRole('button', { name: /^Translations \(\d+ missing\)$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Translations' });
    const status = within(dialog).getByRole('status');
    expect(status).toHaveTextContent('German');
    expect(status).toHaveTextContent('Hebrew');
    expect(status).not.toHaveTextContent('French');

    const german = within(dialog).getByRole('group', { name: /German \(de\)/ });
    expect(within(german).getByText('missing')).toBeInTheDocument();
    const input = within(german).getByRole('textbox', { name: 'Name' });
    expect(input).toHaveAttribute('dir', 'auto');
    await user.type(input, 'Flüge');
    expect(within(german).getByText('missing')).toBeInTheDocument();
    await user.type(within(german).getByRole('textbox', { name: 'Description' }), 'Vorführung');
    expect(within(german).getByText('translated')).toBeInTheDocument();
    expect(status).not.toHaveTextContent('German');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));

    const path = `/api/v1/dashboards/${flights.id}`;
    await waitFor(() => expect(api.of('PUT', path)).toHaveLength(1));
    expect(JSON.parse(api.of('PUT', path)[0].body).translations).toEqual({
      fr: FRENCH,
      de: { name: 'Flüge', description: 'Vorführung' },
    });
  });
});
