// @vitest-environment-options {"url": "http://acme.localhost:3000/"}
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import pg from 'pg';
import { startAnalyticsServer, type AnalyticsServer } from '../../support/analyticsRealServer';
import { signInAs } from '../../support/realSession';
import { renderApp } from '../../support/renderApp';
import { call } from '../../../api/fixtures';
import { POSTGRES_SERVER } from '../../../api/externalDatabases';

// The data source screens against the real server at acme.localhost. "Sales DB" is stored
// through the API as the PostgreSQL server on 127.0.0.1:5432, read by `reader`, a login role
// that holds no privilege beyond connecting.

const READER_PASSWORD = 's3cret-pass';

async function ensureReaderRole(): Promise<void> {
  const admin = new pg.Client({ ...POSTGRES_SERVER, database: 'postgres' });
  await admin.connect();
  try {
    const found = await admin.query(`select 1 from pg_roles where rolname = 'reader'`);
    if (found.rowCount === 0) {
      await admin.query(`create role reader login password '${READER_PASSWORD}'`);
    }
  } finally {
    await admin.end();
  }
}

let api: AnalyticsServer;
let adminToken: string;
beforeAll(async () => {
  await ensureReaderRole();
  api = await startAnalyticsServer({ env: { DATASOURCE_ALLOWED_HOSTS: '127.0.0.1' } });
  adminToken = await api.sessionFor('acme', 'admin');
  await storeSalesDb({ database: 'sales', ssl: true });
});
afterAll(() => api.close());

/** Stores "Sales DB" through the API: PostgreSQL at 127.0.0.1:5432 read by `reader`. */
async function storeSalesDb(config: { database: string; ssl: boolean }) {
  const answer = await call(api, 'PUT', `/api/v1/datasources/${api.salesId}`, {
    token: adminToken,
    site: 'acme',
    body: {
      name: 'Sales DB',
      type: 'postgres',
      config: { ...POSTGRES_SERVER, user: 'reader', password: READER_PASSWORD, ...config },
    },
  });
  expect(answer.status).toBe(200);
}

const ADMIN = 'admin';
async function renderAs(username: string, path: string) {
  await signInAs(api, 'acme', username);
  return renderApp(path);
}

async function chooseType(name: RegExp) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('combobox', { name: /Type/ }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name }));
}

/** The edit page of the source saved as `name` is open. */
async function expectEditPageOf(name: string) {
  await waitFor(async () => {
    const created = await api.app.db
      .selectFrom('data_sources')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    expect(screen.getByTestId('location')).toHaveTextContent(`/datasources/${created.id}`);
  });
}

describe('data source create form', { timeout: 30000 }, () => {
  it('shows the typed fields of each source type, never a connection string', async () => {
    await renderAs(ADMIN, '/datasources/create');
    expect(await screen.findByLabelText(/^Host/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Port/)).toHaveValue(5432);
    expect(screen.getByLabelText(/^Database/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^User/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    expect(screen.getByLabelText(/Use SSL/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/connection string|url/i)).toBeNull();

    await chooseType(/MySQL/);
    expect(await screen.findByLabelText(/^Port/)).toHaveValue(3306);

    await chooseType(/SQLite/);
    expect(await screen.findByLabelText(/^SQLite file/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Host/)).toBeNull();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();

    // The warehouse exists once per account: it is not offered for a new source.
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: /Type/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'PostgreSQL',
      'MySQL / MariaDB',
      'SQLite file',
      'ClickHouse',
    ]);
    await user.keyboard('{Escape}');
  });

  it('validates at the fields and sends nothing while a field is wrong', async () => {
    await renderAs(ADMIN, '/datasources/create');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Name/), 'Orders');
    await user.type(screen.getByLabelText(/^Host/), 'postgres://db.example.com');
    const port = screen.getByLabelText(/^Port/);
    await user.clear(port);
    await user.type(port, '70000');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(/host name or IP address only/)).toBeInTheDocument();
    expect(screen.getByText('A port number from 1 to 65535')).toBeInTheDocument();
    expect(screen.getAllByText('Required').length).toBe(2); // database, user
    expect(api.find('POST', '/api/v1/datasources')).toBeUndefined();
  });

  it('refuses a SQLite file outside the data folder', async () => {
    await renderAs(ADMIN, '/datasources/create');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Name/), 'Local');
    await chooseType(/SQLite/);
    await user.type(await screen.findByLabelText(/^SQLite file/), '../../etc/passwd');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(/inside your account's data folder \(no leading/),
    ).toBeInTheDocument();
    expect(api.find('POST', '/api/v1/datasources')).toBeUndefined();
  });

  it('posts the typed config of the chosen type only, with the port as a number', async () => {
    await renderAs(ADMIN, '/datasources/create');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Name/), 'Orders');
    await user.type(screen.getByLabelText(/^Host/), '127.0.0.1');
    await user.type(screen.getByLabelText(/^Database/), 'orders');
    await user.type(screen.getByLabelText(/^User/), 'reader');
    await user.type(screen.getByLabelText(/^Password/), 's3cret-pass');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.find('POST', '/api/v1/datasources')).toBeDefined());
    expect(api.json(api.find('POST', '/api/v1/datasources')!)).toEqual({
      name: 'Orders',
      type: 'postgres',
      config: {
        host: '127.0.0.1',
        port: 5432,
        database: 'orders',
        user: 'reader',
        password: 's3cret-pass',
        ssl: false,
      },
    });
    // The edit page of the new source opens, where it can be tested.
    await expectEditPageOf('Orders');
  });

  it('offers ClickHouse on its HTTP port, 8123 or 8443 with TLS, keeping a port typed in', async () => {
    await renderAs(ADMIN, '/datasources/create');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Name/), 'Events');
    await chooseType(/ClickHouse/);
    const port = await screen.findByLabelText(/^Port/);
    expect(port).toHaveValue(8123);
    await user.click(screen.getByLabelText(/Use SSL/));
    expect(port).toHaveValue(8443);
    await user.click(screen.getByLabelText(/Use SSL/));
    expect(port).toHaveValue(8123);
    await user.clear(port);
    await user.type(port, '9440');
    await user.click(screen.getByLabelText(/Use SSL/));
    expect(port).toHaveValue(9440);

    await user.type(screen.getByLabelText(/^Host/), '127.0.0.1');
    await user.type(screen.getByLabelText(/^Database/), 'events');
    await user.type(screen.getByLabelText(/^User/), 'reader');
    await user.type(screen.getByLabelText(/^Password/), 's3cret-pass');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The last POST of the file's create tests is this one once it is there.
    await waitFor(() =>
      expect(api.json(api.find('POST', '/api/v1/datasources')!).name).toBe('Events'),
    );
    expect(api.json(api.find('POST', '/api/v1/datasources')!)).toEqual({
      name: 'Events',
      type: 'clickhouse',
      config: {
        host: '127.0.0.1',
        port: 9440,
        database: 'events',
        user: 'reader',
        password: 's3cret-pass',
        ssl: true,
      },
    });
    // Saved (an unreachable source may be saved): its edit page opens.
    await expectEditPageOf('Events');
  });
});

describe('data source edit page', { timeout: 30000 }, () => {
  it('never prefills the password and keeps it when left empty', async () => {
    await renderAs(ADMIN, `/datasources/${api.salesId}`);
    const password = await screen.findByLabelText(/^Password/);
    expect(password).toHaveValue('');
    expect(screen.getByText('A password is stored. Leave empty to keep it.')).toBeInTheDocument();
    const user = userEvent.setup();
    const name = screen.getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Sales warehouse');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(api.find('PUT', `/api/v1/datasources/${api.salesId}`)).toBeDefined(),
    );
    const sent = api.json(api.find('PUT', `/api/v1/datasources/${api.salesId}`)!);
    expect(sent.name).toBe('Sales warehouse');
    expect(sent.config).toEqual({
      host: '127.0.0.1',
      port: 5432,
      database: 'sales',
      user: 'reader',
      ssl: true,
    });
  });

  it("shows the server's message when the connection test fails", async () => {
    // The server on 127.0.0.1 trusts local users whatever their password, so the real
    // failure here is the SSL the stored source asks for and the server does not offer.
    await renderAs(ADMIN, `/datasources/${api.salesId}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Test connection' }));
    const message = 'Could not connect: The server does not support SSL connections';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await screen.findByText(`Connection failed: ${message}`)).toBeInTheDocument();
    expect(api.find('POST', `/api/v1/datasources/${api.salesId}/test`)?.headers.site).toBe('acme');
  });

  it('reports a working connection once the source points at a database it can read', async () => {
    await storeSalesDb({ database: 'postgres', ssl: false });
    try {
      await renderAs(ADMIN, `/datasources/${api.salesId}`);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Test connection' }));
      expect(await screen.findByText(/^Connection succeeded: /)).toBeInTheDocument();
    } finally {
      await storeSalesDb({ database: 'sales', ssl: true });
    }
  });

  it('shows the warehouse without connection fields', async () => {
    await renderAs(ADMIN, `/datasources/${api.warehouseId}`);
    expect(await screen.findByText(/own embedded warehouse/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Host/)).toBeNull();
    expect(screen.getByRole('combobox', { name: /Type/ })).toHaveTextContent('Warehouse (DuckDB)');
  });

  it('lists the tables with row estimates and their columns with types', async () => {
    await renderAs(ADMIN, `/datasources/${api.warehouseId}`);
    expect(await screen.findByText('flights')).toBeInTheDocument();
    expect(screen.getByText('~3,000,123 rows')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show the columns of flights' }));
    const columns = await screen.findByRole('list', { name: 'Columns of flights' });
    expect(within(columns).getByText('delay')).toBeInTheDocument();
    expect(within(columns).getByText('INTEGER')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a dataset from flights' })).toHaveAttribute(
      'href',
      `/datasets/create?sourceId=${api.warehouseId}&table=flights`,
    );
  });
});
