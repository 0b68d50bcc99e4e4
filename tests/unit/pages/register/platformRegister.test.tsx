import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import RegisterPage from '../../../../src/pages/register/RegisterPage';
import { renderPublicPage } from '../../support/platformRender';
import { setApiPrefix } from '../../../../src/ui/api/httpClient';
import { call, startPlatformServer, type PlatformServer } from '../../../api/platformHarness';

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

/** A server that answers every request with `body` (a reply the real server never gives). */
async function startAnsweringServer(body: unknown) {
  const raw = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(raw.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => raw.close(() => resolve())),
  };
}

describe('RegisterPage', () => {
  let server: PlatformServer;

  beforeAll(async () => {
    server = await startPlatformServer();
  });
  afterAll(() => server.close());
  beforeEach(() => setApiPrefix(server.base));
  afterEach(async () => {
    setApiPrefix('');
    await server.app.db.deleteFrom('registrations').execute();
    await server.app.db.deleteFrom('accounts').where('site', '=', 'globex').execute();
  });

  /** What makes the real server refuse the registration with `message`. */
  const REFUSALS: Record<string, { site?: string; arrange?: () => Promise<unknown> }> = {
    'site: "globex" is taken; choose another name.': {
      arrange: () => server.addAccount('globex', {}),
    },
    'site: "www" is reserved; choose another name.': { site: 'www' },
    'email: this e-mail address is already registered.': {
      arrange: () =>
        call(server, 'POST', '/api/v1/register', {
          body: {
            companyName: 'Initech',
            site: 'initech',
            fullName: 'Bill Lumbergh',
            email: VALID['E-mail'],
            username: 'bill',
          },
        }),
    },
  };

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
    const refusal = REFUSALS[message];
    await refusal.arrange?.();
    renderPublicPage('/register', '/register', <RegisterPage />);
    await fill({ ...VALID, Site: refusal.site ?? VALID.Site });
    const sent = server.requests.filter((r) => r.path === '/api/v1/register').at(-1);
    expect(JSON.parse(sent!.body)).toMatchObject({ [field]: expect.any(String) });
    const text = await screen.findByText(shown);
    const input = screen.getByLabelText(label, { exact: false });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toBe(text.id);
    expect(screen.getByTestId('location')).toHaveTextContent('/register');
  });

  it('shows "This site is taken" when the server answers false', async () => {
    // The real server refuses with a 400; the page still reads an older server's `false`.
    const older = await startAnsweringServer(false);
    setApiPrefix(older.base);
    try {
      renderPublicPage('/register', '/register', <RegisterPage />);
      await fill(VALID);
      expect(await screen.findByText('This site is taken')).toBeInTheDocument();
    } finally {
      await older.close();
    }
  });

  it('sends the trimmed registration and goes to its "received" message on true', async () => {
    renderPublicPage('/register', '/register', <RegisterPage />);
    await fill({ ...VALID, 'Company name': '  Globex Corporation ' });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        /\/messages\/registration-received\/\d+$/,
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
