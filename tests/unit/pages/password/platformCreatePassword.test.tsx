import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hashToken } from '../../../../server/http/tokens';
import { issueInvitation } from '../../../../server/features/invitations/invitationService';
import CreatePasswordPage from '../../../../src/pages/password/CreatePasswordPage';
import { browserNavigation } from '../../../../src/ui/api/browserNavigation';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { renderPublicPage } from '../../support/platformRender';
import { createdAccount } from '../../support/platformRegistrations';
import { call, startPlatformServer, type PlatformServer } from '../../../api/platformHarness';

// The create-password page of a new account's admin (Hank Scorpio of Globex Corporation,
// registered through the real server), each test with a fresh invitation of its own.

const PATTERN = '/create-password/:id';
let INVITATION: string;
let PATH: string;
/** The link once moved to the user's own host (here the host stays the root one). */
let MOVED: string;

async function submit(password: string, confirm: string) {
  const user = userEvent.setup();
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  if (confirm)
    await user.type(screen.getByLabelText('Repeat the password', { exact: false }), confirm);
  await user.click(screen.getByRole('button', { name: 'Create password and sign in' }));
}

describe('CreatePasswordPage', () => {
  let server: PlatformServer;
  let hank: { id: number; accountId: number };

  beforeAll(async () => {
    // Every test looks its link up: more one-time-token calls than the default budget.
    server = await startPlatformServer('sqlite', {
      PUBLIC_URL: 'http://localhost:3000',
      RATE_LIMIT_TOKENS_PER_MINUTE: '0',
    });
    hank = await createdAccount(server);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    INVITATION = await issueInvitation(server.app.db, hank);
    PATH = `/create-password/${INVITATION}`;
    MOVED = `${PATH}?moved`;
    setApiPrefix(server.base);
    server.requests.length = 0;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setApiPrefix('');
  });

  const invitationRow = () =>
    server.app.db.updateTable('invitations').where('token_hash', '=', hashToken(INVITATION));
  /** What makes the server refuse the link on load with `status`. */
  const REFUSALS: Record<number, () => Promise<unknown>> = {
    409: () => invitationRow().set({ used_at: new Date().toISOString() }).execute(),
    410: () => invitationRow().set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute(),
    404: () =>
      server.app.db
        .deleteFrom('invitations')
        .where('token_hash', '=', hashToken(INVITATION))
        .execute(),
  };
  const useLink = () =>
    call(server, 'POST', '/api/v1/createPassword', {
      body: { invitation: INVITATION, password: 'someone else was first' },
    });

  it('names the invited user once the link is checked', async () => {
    renderPublicPage(PATTERN, MOVED, <CreatePasswordPage />);
    expect(
      await screen.findByText('For Hank Scorpio (user name hank) on Globex Corporation.'),
    ).toBeInTheDocument();
  });

  it.each([
    [409, '/messages/invitation/used'],
    [410, '/messages/invitation/expired'],
    [404, '/messages/invitation/unknown'],
  ])('goes on load to the message page of a refused link (%i)', async (status, page) => {
    await REFUSALS[status]();
    renderPublicPage(PATTERN, PATH, <CreatePasswordPage />);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(page));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('refuses a password shorter than 12 characters without calling the server', async () => {
    renderPublicPage(PATTERN, MOVED, <CreatePasswordPage />);
    await screen.findByText(/For Hank Scorpio/);
    await submit('short-pass1', 'short-pass1');
    expect(screen.getByText('The password must have at least 12 characters')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('refuses a confirmation that does not match', async () => {
    renderPublicPage(PATTERN, MOVED, <CreatePasswordPage />);
    await screen.findByText(/For Hank Scorpio/);
    await submit('a long enough password', 'a long enough passwort');
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it("opens the link on the invited user's own site, where they can be signed in", async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    renderPublicPage(PATTERN, PATH, <CreatePasswordPage />);
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(`http://globex.localhost:3000${PATH}?moved`),
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('sets the password on another host, verifies the account and goes to its site', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    renderPublicPage(PATTERN, MOVED, <CreatePasswordPage />);
    await screen.findByText(/For Hank Scorpio/);
    await submit('a long enough password', 'a long enough password');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://globex.localhost:3000/login'));
    const created = server.requests.find((r) => r.path === '/api/v1/createPassword');
    expect(JSON.parse(created!.body)).toEqual({
      invitation: INVITATION,
      password: 'a long enough password',
    });
  });

  it('explains a second use of the link', async () => {
    renderPublicPage(PATTERN, MOVED, <CreatePasswordPage />);
    await screen.findByText(/For Hank Scorpio/);
    expect((await useLink()).status).toBe(200);
    await submit('a long enough password', 'a long enough password');
    expect(
      await screen.findByText(
        'A password has already been set with this link. Sign in on your site.',
      ),
    ).toBeInTheDocument();
  });
});
