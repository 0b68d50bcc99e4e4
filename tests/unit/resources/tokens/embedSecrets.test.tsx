import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import TokenList from '../../../../src/resources/tokens/TokenList';
import { startPlatformServer, type PlatformServer } from '../../../api/platformHarness';
import { renderScreenAt, signInAs } from '../../support/realServerScreens';

// Embedding secrets under the API tokens, against the real server as acme's admin: a name is
// asked at the field, a new secret is shown once, and revoking asks first.

let server: PlatformServer;

const secretsInStore = () =>
  server.app.db.selectFrom('embed_secrets').select(['label', 'revoked_at']).execute();

beforeAll(async () => {
  server = await startPlatformServer();
  setApiPrefix(server.base);
  await signInAs(server, 'acme', 'admin');
});
afterAll(async () => {
  setApiPrefix('');
  await server?.close();
});

describe('embedding secrets', () => {
  it('makes a secret shown once, then revokes it after asking', async () => {
    renderScreenAt(server, { url: '/tokens', resource: 'tokens', element: <TokenList /> });
    const user = userEvent.setup();
    expect(await screen.findByText('No embedding secrets yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make a secret' }));
    expect(screen.getByText('Name the secret')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'Customer portal');
    await user.click(screen.getByRole('button', { name: 'Make a secret' }));
    const dialog = await screen.findByRole('dialog');
    const secret = (within(dialog).getByLabelText('Secret') as HTMLInputElement).value;
    expect(secret).toMatch(/^[\w-]{43}$/);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Customer portal')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(secret);

    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Revoke "Customer portal"?');
    await user.click(within(confirm).getByRole('button', { name: /Confirm/ }));
    await waitFor(async () => expect((await secretsInStore())[0].revoked_at).not.toBeNull());
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
  });
});
