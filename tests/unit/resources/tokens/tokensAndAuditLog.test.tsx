import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import AuditLogList from '../../../../src/resources/auditlogs/AuditLogList';
import TokenCreate from '../../../../src/resources/tokens/TokenCreate';
import TokenList from '../../../../src/resources/tokens/TokenList';
import { call } from '../../../api/fixtures';
import { startPlatformServer, type PlatformServer } from '../../../api/platformHarness';
import { renderScreenAt, signInAs } from '../../support/realServerScreens';

// The token screens' scope and the audit log list against the real server (Fastify over a
// temporary SQLite file), signed in as acme's admin.

let server: PlatformServer;
let adminToken: string;

const renderScreen = (url: string, resource: string, element: React.ReactElement) =>
  renderScreenAt(server, { url, resource, element });

beforeAll(async () => {
  server = await startPlatformServer();
  setApiPrefix(server.base);
});
afterAll(async () => {
  setApiPrefix('');
  await server?.close();
});

beforeEach(async () => {
  adminToken = await signInAs(server, 'acme', 'admin');
});

describe('token scope on the token screens', () => {
  it('creates a read-only token by default, which the server keeps from writing', async () => {
    renderScreen('/tokens/create', 'tokens', <TokenCreate />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Label/), 'Dashboard reader');
    expect(screen.getByRole('combobox', { name: /Scope/ })).toHaveTextContent('Read only');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const shown = (await screen.findByTestId('new-token')) as HTMLInputElement;
    const write = await call(server, 'POST', '/api/v1/tokens', {
      token: shown.value,
      site: 'acme',
      body: { label: 'escalate' },
    });
    expect(write.status).toBe(403);
  });

  it('creates a read-write token when chosen and lists each token with its scope', async () => {
    renderScreen('/tokens/create', 'tokens', <TokenCreate />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Label/), 'Nightly import');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Scope/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Read and write' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByTestId('new-token');

    renderScreen('/tokens', 'tokens', <TokenList />);
    const importRow = (await screen.findByText('Nightly import')).closest('tr')!;
    expect(within(importRow).getByText('Read and write')).toBeInTheDocument();
    const readerRow = screen.getByText('Dashboard reader').closest('tr')!;
    expect(within(readerRow).getByText('Read only')).toBeInTheDocument();
  });
});

describe('audit log list', () => {
  it('shows who did what to which record, newest first', async () => {
    const created = await call(server, 'POST', '/api/v1/tokens', {
      token: adminToken,
      site: 'acme',
      body: { label: 'Audited' },
    });
    renderScreen('/auditlogs', 'auditlogs', <AuditLogList />);
    await screen.findByText(String(created.json.id));
    const [, newest] = screen.getAllByRole('row');
    expect(within(newest).getByText(String(created.json.id))).toBeInTheDocument();
    expect(within(newest).getByText('admin')).toBeInTheDocument();
    expect(within(newest).getByText('create')).toBeInTheDocument();
    expect(within(newest).getByText('tokens')).toBeInTheDocument();
    expect(within(newest).getByText('127.0.0.1')).toBeInTheDocument();
  });
});
