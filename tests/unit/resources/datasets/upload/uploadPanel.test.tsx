import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ADMIN,
  multipartParts,
  type AnalyticsTestServer,
} from '../../../support/analyticsTestServer';
import { renderAs, startServerForApp } from '../../../support/renderAnalytics';

let api: AnalyticsTestServer;
beforeAll(async () => {
  api = await startServerForApp();
});
afterAll(() => api.close());

function csv(name = 'Sales 2024.csv'): File {
  return new File(['city,sales,day\nSeattle,12,2024-01-02\n'], name, { type: 'text/csv' });
}

async function uploadPath() {
  await renderAs(ADMIN, '/datasources/1');
  return screen.findByLabelText('File to upload');
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
    expect(api.find('POST', '/api/v1/datasources/1/uploads')).toBeUndefined();
  });

  it('uploads, shows the inferred types, and applies a changed type', async () => {
    const input = await uploadPath();
    const user = userEvent.setup();
    await user.upload(input, csv());
    expect(screen.getByLabelText('Table name')).toHaveValue('sales_2024');
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    const review = await screen.findByRole('region', { name: 'Check the columns of sales_2024' });
    expect(within(review).getByText(/3 rows and 4 columns were read/)).toBeInTheDocument();
    const sent = multipartParts(api.find('POST', '/api/v1/datasources/1/uploads')!.body);
    expect(sent.fields.table).toBe('sales_2024');
    expect(sent.fileName).toBe('Sales 2024.csv');
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
    const put = api.find('PUT', '/api/v1/datasources/1/tables/sales_2024/types')!;
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
      '/datasets/create?sourceId=1&table=sales_2024',
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
      expect(api.find('DELETE', '/api/v1/datasources/1/tables/returns')).toBeDefined(),
    );
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /Check the columns/ })).toBeNull(),
    );
  });
});
