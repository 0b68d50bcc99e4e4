// @vitest-environment-options {"url": "http://acme.localhost:3000/"}
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startAnalyticsServer, type AnalyticsServer } from '../../support/analyticsRealServer';
import { signInAs } from '../../support/realSession';
import { renderApp } from '../../support/renderApp';

// The data explorer against the real server at acme.localhost: SQL run on acme's DuckDB
// warehouse (analyticsRealServer), a real syntax error, a long query cancelled.

// jsdom has no layout: CodeMirror measures text ranges, which jsdom's Range cannot do.
const emptyRect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0 };
Range.prototype.getClientRects = () =>
  Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () =>
  ({ ...emptyRect, toJSON: () => emptyRect }) as DOMRect;

let api: AnalyticsServer;
beforeAll(async () => {
  api = await startAnalyticsServer();
});
afterAll(() => api.close());

const EDITOR = 'editor';
async function renderAs(username: string, path: string) {
  await signInAs(api, 'acme', username);
  return renderApp(path);
}

const SQL = 'SELECT origin, count(*) AS flights\nFROM flights\nGROUP BY 1';

async function openExplorer(sql = SQL) {
  localStorage.setItem(`brandboard.explorer.acme.sql.${api.warehouseId}`, sql);
  await renderAs(EDITOR, '/data-explorer');
  const editor = await screen.findByRole('textbox', { name: 'SQL editor' });
  await waitFor(() => expect(editor).toHaveTextContent(sql.split('\n')[0].trim()));
  return editor;
}

function sqlRequests() {
  return api.requests.filter(
    (request) => request.method === 'POST' && request.path === '/api/v1/sql',
  );
}

describe('data explorer', { timeout: 30000 }, () => {
  it('runs the SQL on Ctrl+Enter and shows rows, count and duration', async () => {
    const editor = await openExplorer();
    const before = sqlRequests().length;
    const user = userEvent.setup();
    await user.click(editor);
    await user.keyboard('{Control>}{Enter}{/Control}');

    const grid = await screen.findByRole('grid', { name: 'Results' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['origin', 'flights']);
    expect(sqlRequests()).toHaveLength(before + 1);
    expect(api.json(sqlRequests()[before])).toEqual({
      sourceId: api.warehouseId,
      sql: SQL,
      limit: 10000,
    });
    // SEA, PDX and SFO, in the time the server took.
    expect(screen.getByTestId('explorer-summary')).toHaveTextContent(/^3 rows · [\d.,]+ ms$/);
    // Each part isolated, so that right-to-left it does not read "rows · 30 ms 3".
    const parts = [...screen.getByTestId('explorer-summary').querySelectorAll('bdi')];
    expect(parts.map((part) => part.textContent)).toEqual([
      '3 rows',
      expect.stringMatching(/^[\d.,]+ ms$/),
    ]);
    // Ctrl+Enter ran the query instead of inserting a line.
    expect(editor.querySelectorAll('.cm-line')).toHaveLength(3);
  });

  it('cancels a running query: the request is closed so the server stops it', async () => {
    // Seconds of work for DuckDB: still running when cancelled.
    await openExplorer('SELECT count(*) FROM flights a, flights b WHERE a.delay + b.delay = -1');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Running…')).toBeInTheDocument();
    const running = sqlRequests().at(-1)!;
    await waitFor(() => expect(running).toBeDefined());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByText('The query was cancelled.')).toBeInTheDocument();
    await waitFor(() => expect(api.closedEarly(sqlRequests().at(-1)!)).toBe(true));
  });

  it('marks the line an error points to and shows its message', async () => {
    await openExplorer('SELECT origin\nFORM flights');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Run' }));

    expect(
      await screen.findByText(
        'Line 2: Failed to extract statements: Parser Error: syntax error at or near "flights"',
      ),
    ).toBeInTheDocument();
    const lines = screen.getByTestId('sql-editor').querySelectorAll('.cm-line');
    expect(lines[1]).toHaveClass('cm-errorLine');
    expect(lines[0]).not.toHaveClass('cm-errorLine');
  });

  it('inserts a table name from the schema browser into the editor', async () => {
    const editor = await openExplorer('SELECT * FROM ');
    const user = userEvent.setup();
    const tables = await screen.findByRole('list', { name: 'Tables' });
    await user.click(within(tables).getByText('Cars'));
    await waitFor(() => expect(editor).toHaveTextContent('Cars'));
  });

  it('saves the query as a dataset and opens it', async () => {
    await openExplorer();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save as dataset' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Flights by origin');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.find('POST', '/api/v1/datasets')).toBeDefined());
    expect(api.json(api.find('POST', '/api/v1/datasets')!)).toEqual({
      sourceId: api.warehouseId,
      name: 'Flights by origin',
      sql: SQL,
    });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).not.toBe('/data-explorer'),
    );
    const saved = await api.app.db
      .selectFrom('datasets')
      .select('id')
      .where('name', '=', 'Flights by origin')
      .executeTakeFirstOrThrow();
    expect(screen.getByTestId('location')).toHaveTextContent(`/datasets/${saved.id}`);
  });
});
