import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startAnalyticsServer, type AnalyticsServer } from '../../../support/analyticsRealServer';
import { signInAs } from '../../../support/realSession';
import { renderApp } from '../../../support/renderApp';

// Uploads into acme's DuckDB warehouse through the real server (at 127.0.0.1, see host): the types
// shown are the ones DuckDB read, the table is made, typed and dropped for real.

let api: AnalyticsServer;
beforeAll(async () => {
  api = await startAnalyticsServer({ host: 'ip', corsFor: window.location.origin });
});
afterAll(() => api.close());

// Three rows; `day` is read as timestamps, `opened` is text the server reads as dates.
const SALES = `city,sales,day,opened
Seattle,12,2024-01-02T00:00:00,Jan 05 2024
Portland,7,2024-01-03T00:00:00,Feb 11 2024
Tacoma,3,2024-01-04T00:00:00,Mar 20 2024
`;

function csv(name = 'Sales 2024.csv'): File {
  return new File([SALES], name, { type: 'text/csv' });
}

const uploads = () => `/api/v1/datasources/${api.warehouseId}/uploads`;

async function uploadPath() {
  await signInAs(api, 'acme', 'admin');
  await renderApp(`/datasources/${api.warehouseId}`);
  return screen.findByLabelText('File to upload');
}

async function warehouseTables(): Promise<string[]> {
  return api.app.sourceConnectors.withWarehouse(api.accountId, (warehouse) =>
    warehouse.withConnection(async (connection) => {
      const reader = await connection.runAndReadAll(
        "select table_name from information_schema.tables where table_schema = 'main'",
      );
      return reader.getRows().map((row) => String(row[0]));
    }),
  );
}

describe('warehouse upload', { timeout: 30000 }, () => {
  it('refuses a file of another type or over 200 MB before sending anything', async () => {
    const input = await uploadPath();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(['x'], 'notes.docx'));
    expect(await screen.findByText(/Choose a CSV, Parquet or JSON file/)).toBeInTheDocument();

    const huge = csv('big.csv');
    Object.defineProperty(huge, 'size', { value: 200 * 1024 * 1024 + 1 });
    await user.upload(input, huge);
    expect(await screen.findByText('The file is larger than 200 MB.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(api.find('POST', uploads())).toBeUndefined();
  });

  it('uploads, shows the inferred types, and applies a changed type', async () => {
    const input = await uploadPath();
    const user = userEvent.setup();
    await user.upload(input, csv());
    expect(screen.getByLabelText('Table name')).toHaveValue('sales_2024');
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    const review = await screen.findByRole('region', { name: 'Check the columns of sales_2024' });
    expect(within(review).getByText(/3 rows and 4 columns were read/)).toBeInTheDocument();
    // The upload made the table under the name chosen (its rows counted above).
    expect(api.find('POST', uploads())).toBeDefined();
    expect(await warehouseTables()).toContain('sales_2024');
    expect(within(review).getByRole('combobox', { name: 'Type of sales' })).toHaveTextContent(
      'BIGINT',
    );

    // a text column the server read as dates says so; one it left as text does not
    const rows = within(review).getAllByRole('row');
    expect(rows[4]).toHaveTextContent(/opened.*DATE.*Read as dates from text/);
    expect(rows[3]).not.toHaveTextContent(/Read as dates/);

    await user.click(within(review).getByRole('combobox', { name: 'Type of day' }));
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'DATE' }),
    );
    await user.click(
      within(review).getByRole('button', { name: 'Apply the types and keep the table' }),
    );

    expect(await screen.findByText('The table sales_2024 is ready.')).toBeInTheDocument();
    const put = api.find('PUT', `/api/v1/datasources/${api.warehouseId}/tables/sales_2024/types`)!;
    expect(api.json(put)).toEqual({
      columns: [
        { name: 'city', type: 'VARCHAR' },
        { name: 'sales', type: 'BIGINT' },
        { name: 'day', type: 'DATE' },
        { name: 'opened', type: 'DATE' },
      ],
    });
    expect(screen.getByRole('link', { name: 'Create dataset from this table' })).toHaveAttribute(
      'href',
      `/datasets/create?sourceId=${api.warehouseId}&table=sales_2024`,
    );
  });

  it('discards the uploaded table on request', async () => {
    const input = await uploadPath();
    const user = userEvent.setup();
    await user.upload(input, csv('returns.csv'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const review = await screen.findByRole('region', { name: 'Check the columns of returns' });
    await user.click(within(review).getByRole('button', { name: 'Discard the table' }));
    await waitFor(() =>
      expect(
        api.find('DELETE', `/api/v1/datasources/${api.warehouseId}/tables/returns`),
      ).toBeDefined(),
    );
    await waitFor(async () => expect(await warehouseTables()).not.toContain('returns'));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /Check the columns/ })).toBeNull(),
    );
  });
});
