import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { migrationProvider } from '../../../server/db/migrations';
import { BACKENDS } from '../authFixtures';
import { emptyStores } from '../emptyStores';
import { sessionTokenFor } from '../fixtures';
import { startServer, TEST_PASSWORD, type TestServer } from '../harness';
import { startLocalSmtpServer, type LocalSmtpServer } from '../support/localSmtpServer';
import { lastLinkTo } from '../support/mailLinks';
import { rawCall } from '../support/rawHttp';

// Secrets at rest: one-time tokens (create-password, pricing) stayed in
// outbox_messages.link for 7 days, readable by co-admins through /api/v1/accountMessages;
// the SQLite file was mode 0644. Now the link goes into the e-mail only, migration 0012
// forgets the stored ones, and the store and the generated secret are mode 0600.

const TOKEN_PATH = /\/(create-password|pricing)\/[\w-]{20,}/;

describe('one-time links in the outbox', () => {
  let smtp: LocalSmtpServer;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    server = await startServer({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const asAdmin = async (site: string, method: string, path: string, body?: unknown) => {
    const token = await sessionTokenFor(server.app, site, 'admin');
    return rawCall(server.baseUrl, method, path, {
      headers: { site, authorization: `Bearer ${token}` },
      body,
    });
  };

  it('e-mails the reset link, which sets the password, and keeps no token a co-admin can read', async () => {
    const sent = smtp.received.length;
    const reset = await rawCall(server.baseUrl, 'POST', '/api/v1/passwordReset', {
      headers: { site: 'acme' },
      body: { username: 'editor' },
    });
    expect(reset.status).toBe(200);
    const link = await lastLinkTo(smtp, 'editor@acme.example', sent + 1);
    const invitation = link.split('/').pop()!;

    const messages = await asAdmin('acme', 'GET', '/api/v1/accountMessages');
    expect(messages.status).toBe(200);
    const reading = JSON.stringify(messages.json);
    expect(messages.json).toContainEqual(
      expect.objectContaining({ type: 'password-reset', link: null, status: 'sent' }),
    );
    expect(reading).not.toContain(invitation);
    expect(reading).not.toMatch(TOKEN_PATH);
    const rows = await server.app.db.selectFrom('outbox_messages').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(invitation);

    const set = await rawCall(server.baseUrl, 'POST', '/api/v1/createPassword', {
      body: { invitation, password: 'a brand new password 8' },
    });
    expect(set).toMatchObject({ status: 200, json: { ok: true } });
    const signIn = await rawCall(server.baseUrl, 'POST', '/api/v1/login', {
      headers: { site: 'acme' },
      body: { username: 'editor', password: 'a brand new password 8' },
    });
    expect(signIn.status).toBe(200);
  });

  it('keeps no pricing or invitation token in the platform or tenant outbox', async () => {
    const registered = await rawCall(server.baseUrl, 'POST', '/api/v1/register', {
      body: {
        companyName: 'Initech',
        site: 'initech',
        fullName: 'Bill Lumbergh',
        email: 'bill@initech.example',
        username: 'bill',
      },
    });
    const id = Number(String(registered.headers.location).split('/').pop());
    const approved = await asAdmin('www', 'POST', `/api/v1/registrations/${id}/approve`, {});
    expect(approved.json.token).toEqual(expect.any(String));
    const invited = await asAdmin('acme', 'POST', '/api/v1/users', {
      username: 'ivy',
      fullName: 'Ivy',
      email: 'ivy@acme.example',
      role: 'viewer',
    });
    expect(invited.status).toBe(200);

    for (const site of ['www', 'acme']) {
      const outbox = await asAdmin(site, 'GET', '/api/v1/accountMessages');
      expect(outbox.json.length).toBeGreaterThan(0);
      expect(JSON.stringify(outbox.json)).not.toMatch(TOKEN_PATH);
      for (const message of outbox.json) {
        const shown = await asAdmin(site, 'GET', `/api/v1/accountMessages/${message.id}`);
        expect(shown.json.link).toBeNull();
      }
    }
    expect(
      JSON.stringify((await asAdmin('www', 'GET', '/api/v1/accountMessages')).json),
    ).not.toContain(approved.json.token);
  });
});

describe.each(BACKENDS)('migration 0012 on %s', (backend) => {
  const openStore = emptyStores(backend);

  it('forgets the links stored with their tokens', async () => {
    const db = await openStore();
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('0011_surveys')).error).toBeUndefined();
    const message = (link: string | null) =>
      sql`insert into outbox_messages (account_id, recipient, type, subject, body, link, status, created_at)
          values (1, 'pat@example.com', 'invitation', 'Hello', 'Body', ${link}, 'sent', '2026-01-01T00:00:00.000Z')`.execute(
        db,
      );
    await message('/create-password/raw-token-of-an-invitation-0123456789');
    await message('/pricing/raw-token-of-a-registration-0123456789');
    await message(null);

    expect((await migrator.migrateTo('0012_outbox_links_forgotten')).error).toBeUndefined();
    const rows = await db.selectFrom('outbox_messages').select(['link', 'body']).execute();
    expect(rows).toEqual([
      { link: null, body: 'Body' },
      { link: null, body: 'Body' },
      { link: null, body: 'Body' },
    ]);
    expect((await migrator.migrateTo('0011_surveys')).error).toBeUndefined();
  });
});

describe('file modes of the metadata store and the generated secret', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'brandboard-modes-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const files = [
    'brandboard.sqlite',
    'brandboard.sqlite-wal',
    'brandboard.sqlite-shm',
    'app-secret',
  ];
  const modeOf = (name: string) => statSync(join(dataDir, name)).mode & 0o777;

  async function startAndStop() {
    const config = loadConfig({
      DATA_DIR: dataDir,
      DEMO_PASSWORD: TEST_PASSWORD,
      BRANDBOARD_TEST_SCRYPT_N: '1024',
      VITEST: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIR: join(dataDir, 'no-web-build'),
    });
    const app = await buildApp(config, { logger: false, seedDemoWarehouse: false });
    await app.ready();
    const modes = Object.fromEntries(files.map((name) => [name, modeOf(name)]));
    await app.close();
    return modes;
  }

  it('creates them 0600, and sets 0600 on files an earlier version left 0644', async () => {
    const owner = Object.fromEntries(files.map((name) => [name, 0o600]));
    expect(await startAndStop()).toEqual(owner);
    for (const name of files) {
      if (existsSync(join(dataDir, name))) chmodSync(join(dataDir, name), 0o644);
    }
    expect(modeOf('brandboard.sqlite')).toBe(0o644);
    expect(await startAndStop()).toEqual(owner);
  });
});
