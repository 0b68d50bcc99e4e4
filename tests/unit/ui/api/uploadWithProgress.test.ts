import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadWithProgress, type UploadProgress } from '../../../../src/ui/api/uploadWithProgress';
import { CancelledError, HttpError } from '../../../../src/ui/api/httpClient';
import { signIn } from '../../support/renderApp';
import {
  EDITOR,
  multipartParts,
  startAnalyticsTestServer,
  type AnalyticsTestServer,
} from '../../support/analyticsTestServer';

// uploadWithProgress over jsdom's real XMLHttpRequest against a real node:http server.

let api: AnalyticsTestServer;
beforeAll(async () => {
  api = await startAnalyticsTestServer();
});
afterAll(() => api.close());

function csvFile(bytes: number): File {
  const line = 'city,sales,day\nSeattle,12,2024-01-02\n';
  return new File([line.repeat(Math.ceil(bytes / line.length))], 'Sales 2024.csv', {
    type: 'text/csv',
  });
}

describe('uploadWithProgress', { timeout: 20000 }, () => {
  it('sends the file with the session headers, reports progress and answers the JSON', async () => {
    signIn(EDITOR);
    const file = csvFile(3 * 1024 * 1024);
    const form = new FormData();
    form.append('table', 'sales');
    form.append('file', file, file.name);
    const progress: UploadProgress[] = [];

    const answer = await uploadWithProgress<{ table: string }>(
      `${api.url}/api/v1/datasources/1/uploads`,
      form,
      {
        onProgress: (event) => progress.push(event),
      },
    );

    expect(answer.table).toBe('sales');
    const seen = api.find('POST', '/api/v1/datasources/1/uploads')!;
    expect(seen.headers.authorization).toBe('Bearer token-editor');
    expect(seen.headers.site).toBe('acme');
    const parts = multipartParts(seen.body);
    expect(parts.fileName).toBe('Sales 2024.csv');
    expect(parts.fileBytes).toBe(file.size);
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
    signIn(EDITOR);
    const form = new FormData();
    form.append('file', csvFile(100), 'x.csv');
    const failure = await uploadWithProgress(
      `${api.url}/api/v1/datasources/99/nowhere`,
      form,
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(404);
    expect((failure as HttpError).message).toBe('No route POST /api/v1/datasources/99/nowhere');
  });

  it('rejects with CancelledError when the signal aborts', async () => {
    signIn(EDITOR);
    const form = new FormData();
    form.append('file', csvFile(1024), 'x.csv');
    const controller = new AbortController();
    const pending = uploadWithProgress(`${api.url}/api/v1/datasources/1/uploads`, form, {
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
  });
});
