import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadWithProgress, type UploadProgress } from '../../../../src/ui/api/uploadWithProgress';
import { CancelledError, HttpError } from '../../../../src/ui/api/httpClient';
import { signInAs } from '../../support/realSession';
import { startAnalyticsServer, type AnalyticsServer } from '../../support/analyticsRealServer';

// uploadWithProgress over jsdom's real XMLHttpRequest against the real server, uploading into
// acme's DuckDB warehouse.

let api: AnalyticsServer;
let token = '';
beforeAll(async () => {
  api = await startAnalyticsServer({ host: 'ip', corsFor: window.location.origin });
});
afterAll(() => api.close());

const signIn = async () => {
  token = await signInAs(api, 'acme', 'editor');
};
const uploads = () => `${api.base}/api/v1/datasources/${api.warehouseId}/uploads`;

async function rowsOf(table: string): Promise<number> {
  return api.app.sourceConnectors.withWarehouse(api.accountId, (warehouse) =>
    warehouse.withConnection(async (connection) => {
      const reader = await connection.runAndReadAll(`select count(*) from "${table}"`);
      return Number(reader.getRows()[0][0]);
    }),
  );
}

// Two lines, repeated: the first is the header, every other one a row.
const LINES = 'city,sales,day\nSeattle,12,2024-01-02\n';

function csvFile(bytes: number): File {
  return new File([LINES.repeat(Math.ceil(bytes / LINES.length))], 'Sales 2024.csv', {
    type: 'text/csv',
  });
}

describe('uploadWithProgress', { timeout: 20000 }, () => {
  it('sends the file with the session headers, reports progress and answers the JSON', async () => {
    await signIn();
    const file = csvFile(3 * 1024 * 1024);
    const rows = (file.size / LINES.length) * 2 - 1;
    const form = new FormData();
    form.append('table', 'sales');
    form.append('file', file, file.name);
    const progress: UploadProgress[] = [];

    const answer = await uploadWithProgress<{ table: string }>(uploads(), form, {
      onProgress: (event) => progress.push(event),
    });

    expect(answer.table).toBe('sales');
    const seen = api.find('POST', `/api/v1/datasources/${api.warehouseId}/uploads`)!;
    expect(seen.headers.authorization).toBe(`Bearer ${token}`);
    expect(seen.headers.site).toBe('acme');
    // The whole file arrived: the table holds every line of it but the header.
    expect(await rowsOf('sales')).toBe(rows);
    // jsdom reports no sizes while sending (fraction null: shown as indeterminate), then the
    // end of the upload, which is reported as complete.
    expect(progress.length).toBeGreaterThan(1);
    expect(
      progress.slice(0, -1).every((event) => event.fraction === null || event.fraction < 1),
    ).toBe(true);
    const last = progress[progress.length - 1];
    expect(last.fraction).toBe(1);
    expect(last.loaded).toBe(last.total);
    for (let i = 1; i < progress.length; i++) {
      expect(progress[i].loaded).toBeGreaterThanOrEqual(progress[i - 1].loaded);
    }
  });

  it('rejects with the status and message of an error answer', async () => {
    await signIn();
    const form = new FormData();
    form.append('file', csvFile(100), 'x.csv');
    const failure = await uploadWithProgress(
      `${api.base}/api/v1/datasources/99/nowhere`,
      form,
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(404);
    expect((failure as HttpError).message).toBe('No route POST /api/v1/datasources/99/nowhere.');
  });

  it('rejects with CancelledError when the signal aborts', async () => {
    await signIn();
    const form = new FormData();
    form.append('file', csvFile(1024), 'x.csv');
    const controller = new AbortController();
    const pending = uploadWithProgress(uploads(), form, {
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
  });
});
