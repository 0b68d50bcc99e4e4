import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, type AnalyticsTestServer } from '../../support/analyticsTestServer';
import { renderAs, startServerForApp } from '../../support/renderAnalytics';

let api: AnalyticsTestServer;
beforeAll(async () => {
  api = await startServerForApp();
});
afterAll(() => api.close());

async function chooseType(name: RegExp) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('combobox', { name: /Type/ }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name }));
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
    await user.type(screen.getByLabelText(/^Host/), 'db.example.com');
    await user.type(screen.getByLabelText(/^Database/), 'orders');
    await user.type(screen.getByLabelText(/^User/), 'reader');
    await user.type(screen.getByLabelText(/^Password/), 's3cret-pass');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.find('POST', '/api/v1/datasources')).toBeDefined());
    expect(api.json(api.find('POST', '/api/v1/datasources')!)).toEqual({
      name: 'Orders',
      type: 'postgres',
      config: {
        host: 'db.example.com',
        port: 5432,
        database: 'orders',
        user: 'reader',
        password: 's3cret-pass',
        ssl: false,
      },
    });
    // The edit page of the new source opens, where it can be tested.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/datasources/3'));
  });
});

describe('data source edit page', { timeout: 30000 }, () => {
  it('never prefills the password and keeps it when left empty', async () => {
    await renderAs(ADMIN, '/datasources/2');
    const password = await screen.findByLabelText(/^Password/);
    expect(password).toHaveValue('');
    expect(screen.getByText('A password is stored. Leave empty to keep it.')).toBeInTheDocument();
    const user = userEvent.setup();
    const name = screen.getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Sales warehouse');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.find('PUT', '/api/v1/datasources/2')).toBeDefined());
    const sent = api.json(api.find('PUT', '/api/v1/datasources/2')!);
    expect(sent.name).toBe('Sales warehouse');
    expect(sent.config).toEqual({
      host: 'db.example.com',
      port: 5432,
      database: 'sales',
      user: 'reader',
      ssl: true,
    });
  });

  it("shows the server's message when the connection test fails", async () => {
    await renderAs(ADMIN, '/datasources/2');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Test connection' }));
    expect(
      await screen.findByText('password authentication failed for user "reader"'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Connection failed: password authentication failed for user "reader"',
      ),
    ).toBeInTheDocument();
    expect(api.find('POST', '/api/v1/datasources/2/test')?.headers.site).toBe('acme');
  });

  it('shows the warehouse without connection fields', async () => {
    await renderAs(ADMIN, '/datasources/1');
    expect(await screen.findByText(/own embedded warehouse/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Host/)).toBeNull();
    expect(screen.getByRole('combobox', { name: /Type/ })).toHaveTextContent('Warehouse (DuckDB)');
  });

  it('lists the tables with row estimates and their columns with types', async () => {
    await renderAs(ADMIN, '/datasources/1');
    expect(await screen.findByText('flights')).toBeInTheDocument();
    expect(screen.getByText('~3,000,000 rows')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show the columns of flights' }));
    const columns = await screen.findByRole('list', { name: 'Columns of flights' });
    expect(within(columns).getByText('delay')).toBeInTheDocument();
    expect(within(columns).getByText('INTEGER')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a dataset from flights' })).toHaveAttribute(
      'href',
      '/datasets/create?sourceId=1&table=flights',
    );
  });
});
