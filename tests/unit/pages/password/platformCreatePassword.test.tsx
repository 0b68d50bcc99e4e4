import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CreatePasswordPage from '../../../../src/pages/password/CreatePasswordPage';
import { browserNavigation } from '../../../../src/ui/api/browserNavigation';
import { renderPublicPage } from '../../support/platformRender';
import { startPlatformTestServer, type Answers } from '../../support/platformTestServer';

const PATTERN = '/create-password/:id';
const INVITATION = 'invitation-id-0123456789abcdef';
const PATH = `/create-password/${INVITATION}`;
/** The link once moved to the user's own host (here the host stays the root one). */
const MOVED = `${PATH}?moved`;
const INVITATION_CALL = `GET /api/v1/public/invitations/${INVITATION}`;
const DETAILS = {
  username: 'hank',
  fullName: 'Hank Scorpio',
  site: 'globex',
  accountName: 'Globex Corporation',
  expiresAt: '2099-01-01T00:00:00.000Z',
};

async function submit(password: string, confirm: string) {
  const user = userEvent.setup();
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  if (confirm)
    await user.type(screen.getByLabelText('Repeat the password', { exact: false }), confirm);
  await user.click(screen.getByRole('button', { name: 'Create password and sign in' }));
}

describe('CreatePasswordPage', () => {
  let server: Awaited<ReturnType<typeof startPlatformTestServer>>;
  const answers: Answers = {};

  beforeEach(async () => {
    for (const key of Object.keys(answers)) delete answers[key];
    answers[INVITATION_CALL] = { status: 200, body: DETAILS };
    server = await startPlatformTestServer(answers);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await server.close();
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
    answers[INVITATION_CALL] = { status, body: { statusCode: status, message: 'refused' } };
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
    answers['POST /api/v1/createPassword'] = { status: 200, body: { ok: true } };
    answers['POST /api/v1/verifyAndRedirectAccount'] = {
      status: 200,
      body: { site: 'globex', redirectUrl: 'http://globex.localhost:3000/login' },
    };
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
    answers['POST /api/v1/createPassword'] = {
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'used' },
    };
    renderPublicPage(PATTERN, MOVED, <CreatePasswordPage />);
    await screen.findByText(/For Hank Scorpio/);
    await submit('a long enough password', 'a long enough password');
    expect(
      await screen.findByText(
        'A password has already been set with this link. Sign in on your site.',
      ),
    ).toBeInTheDocument();
  });
});
