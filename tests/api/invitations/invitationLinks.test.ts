import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../fixtures';
import { startPlatformServer } from '../platformHarness';
import { startLocalSmtpServer, type LocalSmtpServer } from '../support/localSmtpServer';
import { decodedBody, lastLinkTo } from '../support/mailLinks';
import { profileForm } from '../profileFixtures';

// What an admin who invites someone is told, and what the invitation's message says: the
// create-password link comes with the answer (with whether the e-mail went), the stored
// message never points at a link it does not hold, and the company is named by its current
// name in the outbox and on the create-password page, also after a rename.

async function startSuite(env: Record<string, string>) {
  const server = await startPlatformServer('sqlite', env);
  const token = await server.sessionFor('acme', 'admin');
  const asAdmin = (method: string, path: string, body?: unknown) =>
    call(server, method, path, { token, site: 'acme', body });
  const invite = async (username: string) => {
    const created = await asAdmin('POST', '/api/v1/users', {
      username,
      fullName: `Invited ${username}`,
      email: `${username}@acme.example`,
      role: 'viewer',
    });
    expect(created.status).toBe(200);
    return created.json;
  };
  const messageTo = async (recipient: string) => {
    const filter = encodeURIComponent(JSON.stringify({ recipient }));
    const list = await asAdmin('GET', `/api/v1/accountMessages?filter=${filter}`);
    expect(list.status).toBe(200);
    return list.json[0];
  };
  return { server, asAdmin, invite, messageTo };
}

describe('invitations with SMTP', () => {
  let smtp: LocalSmtpServer;
  let suite: Awaited<ReturnType<typeof startSuite>>;

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    suite = await startSuite({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await suite?.server.close();
    await smtp?.close();
  });

  it('answers the new link, the one e-mailed, once the e-mail went', async () => {
    const created = await suite.invite('linked');
    expect(created.invitation).toEqual({
      createPasswordPath: expect.stringMatching(/^\/create-password\/[\w-]{40,}$/),
      mailStatus: 'sent',
    });
    const mailed = await lastLinkTo(smtp, 'linked@acme.example');
    expect(new URL(mailed).pathname).toBe(created.invitation.createPasswordPath);
  });

  it('keeps a message that says the link is only in the e-mail, not one "below"', async () => {
    await suite.invite('noted');
    const message = await suite.messageTo('noted@acme.example');
    expect(message).toMatchObject({ type: 'invitation', link: null, status: 'sent' });
    expect(message.body).not.toMatch(/below/);
    expect(message.body).toContain('only in the e-mail and not kept here');
    const mail = (await smtp.waitFor(smtp.received.length)).pop()!;
    expect(decodedBody(mail.raw)).toContain('Create your password with this link');
  });

  it('names the company by its current name after a rename', async () => {
    const created = await suite.invite('renamed');
    const profile = await suite.asAdmin('GET', '/api/v1/companyProfile');
    const renamed = await suite.asAdmin(
      'PUT',
      `/api/v1/companyProfiles/${profile.json.id}`,
      profileForm({ name: 'Acme Renamed Ltd' }),
    );
    expect(renamed.status).toBe(200);

    const message = await suite.messageTo('renamed@acme.example');
    expect(message.subject).toBe('You are invited to Acme Renamed Ltd');
    expect(message.body).toContain('**Acme Renamed Ltd**');
    const id = created.invitation.createPasswordPath.split('/').pop();
    const page = await call(suite.server, 'GET', `/api/v1/public/invitations/${id}`);
    expect(page.json).toMatchObject({ username: 'renamed', accountName: 'Acme Renamed Ltd' });
  });
});

describe('invitations without SMTP', () => {
  let suite: Awaited<ReturnType<typeof startSuite>>;

  beforeAll(async () => {
    suite = await startSuite({});
  });
  afterAll(async () => {
    await suite?.server.close();
  });

  it('answers the link and says no e-mail went, in the answer and the stored message', async () => {
    const created = await suite.invite('unsent');
    expect(created.invitation).toEqual({
      createPasswordPath: expect.stringMatching(/^\/create-password\/[\w-]{40,}$/),
      mailStatus: 'stored',
    });
    const message = await suite.messageTo('unsent@acme.example');
    expect(message).toMatchObject({ type: 'invitation', link: null, status: 'stored' });
    expect(message.body).not.toMatch(/below/);
    expect(message.body).toContain('No e-mail was sent from this site');
  });

  it('answers whether the approval of a registration was e-mailed', async () => {
    const registered = await call(suite.server, 'POST', '/api/v1/register', {
      body: {
        companyName: 'Unsent Co',
        site: 'unsentco',
        fullName: 'Una Sent',
        email: 'una@unsent.example',
        username: 'una',
      },
    });
    expect(registered.status).toBe(200);
    const platform = await suite.server.sessionFor('www', 'admin');
    const asPlatform = (method: string, path: string) =>
      call(suite.server, method, path, {
        token: platform,
        site: 'www',
        body: method === 'GET' ? undefined : {},
      });
    const filter = encodeURIComponent(JSON.stringify({ site: 'unsentco' }));
    const [registration] = (await asPlatform('GET', `/api/v1/registrations?filter=${filter}`)).json;
    const approved = await asPlatform('POST', `/api/v1/registrations/${registration.id}/approve`);
    expect(approved.json).toMatchObject({ status: 'approved', mailStatus: 'stored' });
    const link = await asPlatform('POST', `/api/v1/registrations/${registration.id}/pricingLink`);
    expect(link.json).toMatchObject({ mailStatus: 'stored' });
  });
});
