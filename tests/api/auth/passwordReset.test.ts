import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, startServer, TEST_PASSWORD, type TestServer } from '../harness';
import { startLocalSmtpServer, type LocalSmtpServer } from '../support/localSmtpServer';
import { lastLinkTo } from '../support/mailLinks';

// "Forgot your password?": POST /api/v1/passwordReset sends an active user of the site a
// single-use create-password link; the new password ends the user's other sign-in sessions.
// The answer never tells whether anyone matched, and the requests are throttled.

const NEW_PASSWORD = 'a brand new password 7';

describe('password reset', () => {
  let server: TestServer;
  let smtp: LocalSmtpServer;
  const anonymous = (site: string) => ({ token: '', site, headers: { site } });
  const reset = (username: unknown, site = 'acme') =>
    api(server.baseUrl, anonymous(site), 'POST', '/api/v1/passwordReset', { username });
  const resetMessages = () =>
    server.app.db
      .selectFrom('outbox_messages')
      .select(['recipient', 'link', 'type'])
      .where('type', '=', 'password-reset')
      .execute();

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    server = await startServer({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('sends a link that sets a new password and ends the other sessions', async () => {
    const before = await login(server.baseUrl, 'acme', 'editor');
    const answer = await reset('EDITOR@acme.example');
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    const [message] = await resetMessages();
    expect(message).toMatchObject({ recipient: 'editor@acme.example', type: 'password-reset' });
    const link = await lastLinkTo(smtp, 'editor@acme.example', 1);
    expect(link).toMatch(/^http:\/\/acme\.localhost:3000\/create-password\/[\w-]{40,}$/);
    const invitation = link.split('/').pop();
    const set = await api(server.baseUrl, anonymous(''), 'POST', '/api/v1/createPassword', {
      invitation,
      password: NEW_PASSWORD,
    });
    expect(set.status).toBe(200);
    expect((await api(server.baseUrl, before, 'GET', '/api/v1/verifyLogin')).status).toBe(401);
    await expect(login(server.baseUrl, 'acme', 'editor')).rejects.toThrow();
    expect((await login(server.baseUrl, 'acme', 'editor', NEW_PASSWORD)).token).toBeTruthy();
    const again = await api(server.baseUrl, anonymous(''), 'POST', '/api/v1/createPassword', {
      invitation,
      password: TEST_PASSWORD,
    });
    expect(again.status).toBe(409);
  });

  it('answers the same for nobody, an inactive user or another site, and sends nothing', async () => {
    const count = (await resetMessages()).length;
    for (const [username, site] of [
      ['nobody', 'acme'],
      ['inactive', 'acme'],
      ['viewer', 'no-such-site'],
    ]) {
      expect(await reset(username, site)).toMatchObject({ status: 200, body: { ok: true } });
    }
    expect(await resetMessages()).toHaveLength(count);
  });

  it('answers 400 for a bad body and 429 once a name is asked for too often', async () => {
    expect((await reset('')).status).toBe(400);
    expect((await reset(42)).status).toBe(400);
    let answer = await reset('admin');
    for (let attempt = 0; attempt < 10 && answer.status === 200; attempt++) {
      answer = await reset('admin');
    }
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
