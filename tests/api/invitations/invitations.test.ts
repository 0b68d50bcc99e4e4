import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../fixtures';
import { isPostgresReachable, login, type Backend } from '../harness';
import { startPlatformServer, type PlatformServer } from '../platformHarness';
import { startLocalSmtpServer, type LocalSmtpServer } from '../support/localSmtpServer';
import { lastLinkTo } from '../support/mailLinks';

// Invitations: an admin invites a user without a password; the message carries the
// single-use /create-password/<id> link; the link expires, works once, and a resent
// invitation replaces it. Used, expired and unknown ids are refused on load and on submit.
// The link reaches the invitee by e-mail (a real local SMTP server) only; the outbox keeps none.

const PASSWORD = 'a long enough password';

const stores: [string, Backend][] = [['SQLite', 'sqlite']];
if (await isPostgresReachable()) stores.push(['PostgreSQL', 'postgres']);

describe.each(stores)('invitations on %s', (_name, backend) => {
  let server: PlatformServer;
  let smtp: LocalSmtpServer;
  let acmeAdmin: string;

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    server = await startPlatformServer(backend, { SMTP_URL: smtp.url });
    acmeAdmin = await server.sessionFor('acme', 'admin');
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const asAcmeAdmin = (method: string, path: string, body?: unknown) =>
    call(server, method, path, { token: acmeAdmin, site: 'acme', body });

  async function invite(username: string) {
    const created = await asAcmeAdmin('POST', '/api/v1/users', {
      username,
      fullName: `Invited ${username}`,
      email: `${username}@acme.example`,
      role: 'viewer',
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ username, active: false });
    return { id: created.json.id as number, link: await latestLinkTo(`${username}@acme.example`) };
  }

  /** The path of the link e-mailed last to `recipient`; the outbox shows the message, no link. */
  async function latestLinkTo(recipient: string): Promise<string> {
    const messages = await asAcmeAdmin(
      'GET',
      `/api/v1/accountMessages?filter=${encodeURIComponent(JSON.stringify({ recipient }))}`,
    );
    expect(messages.json[0]).toMatchObject({ type: 'invitation', recipient, link: null });
    const link = await lastLinkTo(smtp, recipient);
    expect(link.startsWith('http://acme.localhost:3000/create-password/')).toBe(true);
    return new URL(link).pathname;
  }

  const idOf = (link: string) => link.replace('/create-password/', '');
  const onLoad = (link: string) => call(server, 'GET', `/api/v1/public/invitations/${idOf(link)}`);
  const setPassword = (link: string, password = PASSWORD) =>
    call(server, 'POST', '/api/v1/createPassword', {
      body: { invitation: idOf(link), password },
    });

  it('invites a user who sets a password once and signs in', async () => {
    const { link } = await invite('ivy');
    expect(link).toMatch(/^\/create-password\/[\w-]{40,}$/);
    expect((await onLoad(link)).json).toMatchObject({
      username: 'ivy',
      fullName: 'Invited ivy',
      site: 'acme',
    });
    await expect(login(server.base, 'acme', 'ivy', PASSWORD)).rejects.toThrow(
      /403.*no password yet/,
    );

    expect((await setPassword(link)).json).toEqual({ ok: true });
    const session = await login(server.base, 'acme', 'ivy', PASSWORD);
    expect(session.token).toEqual(expect.any(String));
    const redirect = await call(server, 'POST', '/api/v1/verifyAndRedirectAccount', {
      token: idOf(link),
    });
    expect(redirect.json).toEqual({
      site: 'acme',
      redirectUrl: 'http://acme.localhost:3000/login',
    });
  });

  it('refuses a reused invitation on load and on submit', async () => {
    const { link } = await invite('reused');
    expect((await setPassword(link)).status).toBe(200);
    const loaded = await onLoad(link);
    expect(loaded).toMatchObject({ status: 409, json: { field: 'invitation' } });
    const again = await setPassword(link, 'another long password');
    expect(again.status).toBe(409);
    await login(server.base, 'acme', 'reused', PASSWORD);
  });

  it('refuses an expired invitation and leaves the user without a password', async () => {
    const { id, link } = await invite('late');
    await server.app.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', id)
      .execute();
    expect((await onLoad(link)).status).toBe(410);
    expect((await setPassword(link)).status).toBe(410);
    const user = await server.app.db
      .selectFrom('users')
      .select(['active', 'password_hash'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ active: 0, password_hash: '' });
  });

  it('answers 404 for an unknown invitation', async () => {
    expect((await onLoad('/create-password/' + 'x'.repeat(43))).status).toBe(404);
    expect((await setPassword('/create-password/' + 'x'.repeat(43))).status).toBe(404);
  });

  it('resends an invitation: the new link works, the earlier one no longer', async () => {
    const { id, link: first } = await invite('resent');
    const resent = await asAcmeAdmin('POST', `/api/v1/users/${id}/invitation`, {});
    expect(resent.status).toBe(200);
    const second: string = resent.json.createPasswordPath;
    expect(second).not.toBe(first);
    expect(await latestLinkTo('resent@acme.example')).toBe(second);
    expect((await onLoad(first)).status).toBe(410);
    expect((await setPassword(second)).status).toBe(200);

    const afterPassword = await asAcmeAdmin('POST', `/api/v1/users/${id}/invitation`, {});
    expect(afterPassword.status).toBe(409);
  });

  it("keeps invitations to the admins of the user's account", async () => {
    const { id } = await invite('guarded');
    const viewer = await server.sessionFor('acme', 'viewer');
    const byViewer = await call(server, 'POST', `/api/v1/users/${id}/invitation`, {
      token: viewer,
      site: 'acme',
      body: {},
    });
    expect(byViewer.status).toBe(403);
    await server.addAccount('umbrella', { boss: 'admin' });
    const otherAdmin = await server.sessionFor('umbrella', 'boss');
    const byOtherTenant = await call(server, 'POST', `/api/v1/users/${id}/invitation`, {
      token: otherAdmin,
      site: 'umbrella',
      body: {},
    });
    expect(byOtherTenant.status).toBe(404);
    const viewerMessages = await call(server, 'GET', '/api/v1/accountMessages', {
      token: viewer,
      site: 'acme',
    });
    // Invitation links are for the invitee and the admins, not for the other users.
    expect(viewerMessages.json).toEqual([]);
  });
});
