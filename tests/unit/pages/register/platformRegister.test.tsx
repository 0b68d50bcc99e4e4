import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import RegisterPage from '../../../../src/pages/register/RegisterPage';
import { renderPublicPage } from '../../support/platformRender';
import { startPlatformTestServer, type Answers } from '../../support/platformTestServer';

const VALID = {
  'Company name': 'Globex Corporation',
  Site: 'globex',
  'Your full name': 'Hank Scorpio',
  'E-mail': 'hank@globex.example',
  'Username of the administrator': 'hank',
};

async function fill(values: Partial<typeof VALID>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    await user.type(screen.getByLabelText(label, { exact: false }), value);
  }
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('RegisterPage', () => {
  let server: Awaited<ReturnType<typeof startPlatformTestServer>>;
  const answers: Answers = {};

  beforeEach(async () => {
    for (const key of Object.keys(answers)) delete answers[key];
    server = await startPlatformTestServer(answers);
  });
  afterEach(() => server.close());

  it('names every empty field and sends nothing', async () => {
    renderPublicPage('/register', '/register', <RegisterPage />);
    await fill({});
    expect(screen.getAllByText('Required')).toHaveLength(5);
    expect(server.requests.filter((r) => r.path === '/api/v1/register')).toHaveLength(0);
  });

  it('rejects a malformed site, e-mail and username before calling the server', async () => {
    renderPublicPage('/register', '/register', <RegisterPage />);
    await fill({
      ...VALID,
      Site: 'Not A Site!',
      'E-mail': 'not-an-address',
      'Username of the administrator': 'a',
    });
    expect(
      screen.getByText('2 to 40 lower-case letters, digits or inner hyphens'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Enter an e-mail address such as name@example.com'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('3 to 64 letters, digits, dots, dashes or underscores'),
    ).toBeInTheDocument();
    expect(server.requests.filter((r) => r.path === '/api/v1/register')).toHaveLength(0);
  });

  it('previews the address of the site while typing', async () => {
    renderPublicPage('/register', '/register', <RegisterPage />);
    await userEvent.setup().type(screen.getByLabelText('Site', { exact: false }), 'globex');
    expect(screen.getByText(`Your address: globex.${window.location.host}`)).toBeInTheDocument();
  });

  it.each([
    [
      'site',
      'site: "globex" is taken; choose another name.',
      '"globex" is taken; choose another name.',
      'Site',
    ],
    [
      'site',
      'site: "www" is reserved; choose another name.',
      '"www" is reserved; choose another name.',
      'Site',
    ],
    [
      'email',
      'email: this e-mail address is already registered.',
      'this e-mail address is already registered.',
      'E-mail',
    ],
  ])("shows the server's 400 on %s at that field: %s", async (field, message, shown, label) => {
    answers['POST /api/v1/register'] = {
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message, field },
    };
    renderPublicPage('/register', '/register', <RegisterPage />);
    await fill(VALID);
    const text = await screen.findByText(shown);
    const input = screen.getByLabelText(label, { exact: false });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toBe(text.id);
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
  });

  it('shows "This site is taken" when the server answers false', async () => {
    answers['POST /api/v1/register'] = { status: 200, body: false };
    renderPublicPage('/register', '/register', <RegisterPage />);
    await fill(VALID);
    expect(await screen.findByText('This site is taken')).toBeInTheDocument();
  });

  it('sends the trimmed registration and goes to its "received" message on true', async () => {
    answers['POST /api/v1/register'] = {
      status: 200,
      body: true,
      headers: { location: '/messages/registration-received/42' },
    };
    renderPublicPage('/register', '/register', <RegisterPage />);
    await fill({ ...VALID, 'Company name': '  Globex Corporation ' });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/messages/registration-received/42',
      ),
    );
    const sent = server.requests.find((r) => r.path === '/api/v1/register');
    expect(JSON.parse(sent!.body)).toEqual({
      companyName: 'Globex Corporation',
      site: 'globex',
      fullName: 'Hank Scorpio',
      email: 'hank@globex.example',
      username: 'hank',
    });
  });
});
