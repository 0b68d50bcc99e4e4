import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CreatePasswordPage from '../../../src/public/CreatePasswordPage';
import { browserNavigation } from '../../../src/providers/browserNavigation';
import { renderPublicPage } from './platformRender';
import { startPlatformTestServer, type Answers } from './platformTestServer';

const PATTERN = '/create-password/:id';
const PATH = '/create-password/7?token=activation-token-0123456789';

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
    server = await startPlatformTestServer(answers);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await server.close();
  });

  it('refuses a password shorter than 12 characters without calling the server', async () => {
    renderPublicPage(PATTERN, PATH, <CreatePasswordPage />);
    await submit('short-pass1', 'short-pass1');
    expect(screen.getByText('The password must have at least 12 characters')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('refuses a confirmation that does not match', async () => {
    renderPublicPage(PATTERN, PATH, <CreatePasswordPage />);
    await submit('a long enough password', 'a long enough passwort');
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('says the link is not valid when it has no token', () => {
    renderPublicPage(PATTERN, '/create-password/7', <CreatePasswordPage />);
    expect(screen.getByText('This link is not valid or has expired.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('sets the password, verifies the account and goes to the new site', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    answers['POST /api/v1/createPassword'] = { status: 200, body: { ok: true } };
    answers['POST /api/v1/verifyAndRedirectAccount'] = {
      status: 200,
      body: { site: 'globex', redirectUrl: 'http://globex.localhost:3000/login' },
    };
    renderPublicPage(PATTERN, PATH, <CreatePasswordPage />);
    await submit('a long enough password', 'a long enough password');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://globex.localhost:3000/login'));
    const created = server.requests.find((r) => r.path === '/api/v1/createPassword');
    expect(JSON.parse(created!.body)).toEqual({
      id: 7,
      token: 'activation-token-0123456789',
      password: 'a long enough password',
    });
  });

  it('explains a second use of the link', async () => {
    answers['POST /api/v1/createPassword'] = {
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'used' },
    };
    renderPublicPage(PATTERN, PATH, <CreatePasswordPage />);
    await submit('a long enough password', 'a long enough password');
    expect(
      await screen.findByText(
        'A password has already been set with this link. Sign in on your site.',
      ),
    ).toBeInTheDocument();
  });
});
