import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, sessionTokenFor } from '../fixtures';
import { isPostgresReachable, startServer, type Backend, type TestServer } from '../harness';
import { startLocalSmtpServer, type LocalSmtpServer } from '../support/localSmtpServer';
import { decodedBody } from '../support/mailLinks';

// Messages stored in each account's outbox and sent by SMTP to a real local SMTP server:
// registration received, approval with the pricing link, rejection; readable in the app by
// the account's users; a failing SMTP server marks the message failed, never the request.

const INITECH = {
  companyName: 'Initech',
  site: 'initech',
  fullName: 'Bill Lumbergh',
  email: 'bill@initech.example',
  username: 'bill',
};

function headerOf(raw: string, name: string): string | undefined {
  const match = new RegExp(`^${name}: (.*)$`, 'im').exec(raw);
  return match?.[1].trim();
}

const stores: [string, Backend][] = [['SQLite', 'sqlite']];
if (await isPostgresReachable()) stores.push(['PostgreSQL', 'postgres']);

describe.each(stores)('messages sent by SMTP on %s', (_name, backend) => {
  let smtp: LocalSmtpServer;
  let server: TestServer;
  let platformAdmin: string;

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    server = await startServer({
      backend,
      env: { SMTP_URL: smtp.url, SMTP_FROM: 'Brandboard <hello@brandboard.example>' },
    });
    platformAdmin = await sessionTokenFor(server.app, 'www', 'admin');
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('stores and sends the registration-received and approval messages', async () => {
    const registered = await call({ base: server.baseUrl }, 'POST', '/api/v1/register', {
      body: INITECH,
    });
    expect(registered).toMatchObject({ status: 200, json: true });

    const [received] = await smtp.waitFor(1);
    expect(received.to).toEqual([INITECH.email]);
    expect(received.from).toBe('hello@brandboard.example');
    // The platform's own messages keep SMTP_FROM's name.
    expect(headerOf(received.raw, 'From')).toBe('Brandboard <hello@brandboard.example>');
    expect(headerOf(received.raw, 'Subject')).toBe('We received the registration of Initech');
    expect(decodedBody(received.raw)).toContain('Hello Bill Lumbergh');

    const registrationId = Number(registered.headers.get('location')?.split('/').pop());
    const approved = await call(
      { base: server.baseUrl },
      'POST',
      `/api/v1/registrations/${registrationId}/approve`,
      { token: platformAdmin, body: {} },
    );
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ status: 'approved', pricingLinkSent: true });
    const pricingPath: string = approved.json.pricingPath;
    expect(pricingPath).toBe(`/pricing/${approved.json.token}`);

    const mails = await smtp.waitFor(2);
    const approval = mails[1];
    expect(approval.to).toEqual([INITECH.email]);
    // On the platform's configured public URL (BASE_DOMAIN localhost, PORT 3000), not the Host.
    expect(decodedBody(approval.raw)).toContain(`http://localhost:3000${pricingPath}`);

    const outbox = await call({ base: server.baseUrl }, 'GET', '/api/v1/accountMessages', {
      token: platformAdmin,
    });
    expect(outbox.status).toBe(200);
    expect(outbox.headers.get('content-range')).toBe('accountMessages 0-1/2');
    expect(outbox.json).toEqual([
      expect.objectContaining({
        type: 'registration-approved',
        recipient: INITECH.email,
        // The pricing token went into the e-mail only; the outbox keeps no usable link.
        link: null,
        status: 'sent',
        sentAt: expect.any(String),
        error: null,
      }),
      expect.objectContaining({
        type: 'registration-received',
        recipient: INITECH.email,
        subject: 'We received the registration of Initech',
        link: null,
        status: 'sent',
      }),
    ]);
    const shown = await call(
      { base: server.baseUrl },
      'GET',
      `/api/v1/accountMessages/${outbox.json[0].id}`,
      { token: platformAdmin },
    );
    expect(shown.json).toMatchObject({
      id: outbox.json[0].id,
      body: expect.stringMatching(/approved/),
    });
  });

  it('sends the rejection with its reason', async () => {
    const before = smtp.received.length;
    const registered = await call({ base: server.baseUrl }, 'POST', '/api/v1/register', {
      body: {
        ...INITECH,
        site: 'initrode',
        email: 'peter@initrode.example',
        companyName: 'Initrode',
      },
    });
    const id = Number(registered.headers.get('location')?.split('/').pop());
    const rejected = await call(
      { base: server.baseUrl },
      'POST',
      `/api/v1/registrations/${id}/reject`,
      { token: platformAdmin, body: { reason: 'We only serve staplers.' } },
    );
    expect(rejected.json).toMatchObject({
      status: 'rejected',
      rejectReason: 'We only serve staplers.',
    });
    const mails = await smtp.waitFor(before + 2);
    const rejection = mails[before + 1];
    expect(rejection.to).toEqual(['peter@initrode.example']);
    expect(decodedBody(rejection.raw)).toContain('Reason: We only serve staplers.');
  });

  it('sends a published announcement to every active tenant user, each in their outbox', async () => {
    const before = smtp.received.length;
    const draft = await call({ base: server.baseUrl }, 'POST', '/api/v1/messages', {
      token: platformAdmin,
      body: {
        type: 'announcement',
        title: 'New charts',
        body: 'Try the **new** charts.',
        published: false,
      },
    });
    const unpublished = await call(
      { base: server.baseUrl },
      'POST',
      `/api/v1/messages/${draft.json.id}/send`,
      { token: platformAdmin, body: {} },
    );
    expect(unpublished).toMatchObject({ status: 409, json: { field: 'published' } });
    await call({ base: server.baseUrl }, 'PUT', `/api/v1/messages/${draft.json.id}`, {
      token: platformAdmin,
      body: {
        type: 'announcement',
        title: 'New charts',
        body: 'Try the **new** charts.',
        published: true,
      },
    });
    const sent = await call(
      { base: server.baseUrl },
      'POST',
      `/api/v1/messages/${draft.json.id}/send`,
      { token: platformAdmin, body: {} },
    );
    expect(sent.status).toBe(200);
    // acme's active users: admin, editor, viewer (its inactive user gets nothing).
    expect(sent.json).toEqual({ id: draft.json.id, recipients: 3 });
    const mails = await smtp.waitFor(before + 3);
    expect(
      mails
        .slice(before)
        .flatMap((mail) => mail.to)
        .sort(),
    ).toEqual(['admin@acme.example', 'editor@acme.example', 'viewer@acme.example']);
    // A tenant's users get it under the tenant's name, from SMTP_FROM's address.
    for (const mail of mails.slice(before)) {
      const from = headerOf(mail.raw, 'From') ?? '';
      expect(from).toMatch(/^"?Acme Analytics"? <hello@brandboard\.example>$/);
    }
    const viewer = await sessionTokenFor(server.app, 'acme', 'viewer');
    const viewerOutbox = await call({ base: server.baseUrl }, 'GET', '/api/v1/accountMessages', {
      token: viewer,
      site: 'acme',
    });
    expect(viewerOutbox.json).toEqual([
      expect.objectContaining({
        type: 'announcement',
        subject: 'New charts',
        recipient: 'viewer@acme.example',
        status: 'sent',
      }),
    ]);
    const acmeAdmin = await sessionTokenFor(server.app, 'acme', 'admin');
    const byTenant = await call(
      { base: server.baseUrl },
      'POST',
      `/api/v1/messages/${draft.json.id}/send`,
      { token: acmeAdmin, site: 'acme', body: {} },
    );
    expect(byTenant.status).toBe(403);
  });

  it('keeps each account to its own outbox', async () => {
    const acmeAdmin = await sessionTokenFor(server.app, 'acme', 'admin');
    const acme = await call({ base: server.baseUrl }, 'GET', '/api/v1/accountMessages', {
      token: acmeAdmin,
      site: 'acme',
    });
    expect(acme.status).toBe(200);
    expect(acme.json.map((m: { type: string }) => m.type)).toEqual([
      'announcement',
      'announcement',
      'announcement',
    ]);
    const platformMessage = await server.app.db
      .selectFrom('outbox_messages')
      .select('id')
      .executeTakeFirstOrThrow();
    const foreign = await call(
      { base: server.baseUrl },
      'GET',
      `/api/v1/accountMessages/${platformMessage.id}`,
      { token: acmeAdmin, site: 'acme' },
    );
    expect(foreign.status).toBe(404);
    const anonymous = await call({ base: server.baseUrl }, 'GET', '/api/v1/accountMessages');
    expect(anonymous.status).toBe(401);
  });
});

describe('messages when the SMTP server fails or is not configured', () => {
  it('marks the message failed with the error and still registers', async () => {
    const smtp = await startLocalSmtpServer();
    const deadUrl = smtp.url;
    await smtp.close();
    const server = await startServer({ env: { SMTP_URL: deadUrl } });
    try {
      const registered = await call({ base: server.baseUrl }, 'POST', '/api/v1/register', {
        body: INITECH,
      });
      expect(registered.json).toBe(true);
      const row = await server.app.db
        .selectFrom('outbox_messages')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'failed', recipient: INITECH.email, sent_at: null });
      expect(row.error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await server.close();
    }
  });

  it('keeps messages in the outbox only without SMTP_URL', async () => {
    const server = await startServer();
    try {
      await call({ base: server.baseUrl }, 'POST', '/api/v1/register', { body: INITECH });
      const row = await server.app.db
        .selectFrom('outbox_messages')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'stored', error: null, type: 'registration-received' });
    } finally {
      await server.close();
    }
  });
});
