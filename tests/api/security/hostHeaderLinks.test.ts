import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';
import { siteOrigin } from '../../../server/mail/publicUrls';
import { sessionTokenFor } from '../fixtures';
import { startServer, type TestServer } from '../harness';
import { startLocalSmtpServer, type LocalSmtpServer } from '../support/localSmtpServer';
import { lastLinkTo } from '../support/mailLinks';
import { rawCall } from '../support/rawHttp';

// Host-header poisoning: every link the server e-mails or answers is built
// from PUBLIC_URL and the site, whatever Host, X-Forwarded-Host or X-Forwarded-Proto the
// request carries. Mails go to a real local SMTP server.

const PUBLIC_URL = 'https://example.com:8443';
const POISON = {
  host: 'attacker.example',
  'x-forwarded-host': 'attacker.example',
  'x-forwarded-proto': 'http',
};

describe('links under a poisoned Host header', () => {
  let smtp: LocalSmtpServer;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    server = await startServer({
      env: { SMTP_URL: smtp.url, PUBLIC_URL, BASE_DOMAIN: 'example.com' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const poisoned = (method: string, path: string, site: string | null, body?: unknown) =>
    rawCall(server.baseUrl, method, path, {
      headers: { ...POISON, ...(site ? { site } : {}) },
      body,
    });
  const asAdmin = async (site: string, method: string, path: string, body?: unknown) => {
    const token = await sessionTokenFor(server.app, site, 'admin');
    return rawCall(server.baseUrl, method, path, {
      headers: { ...POISON, site, authorization: `Bearer ${token}` },
      body,
    });
  };

  it('e-mails a tenant user the reset link on the tenant site of PUBLIC_URL', async () => {
    const sent = smtp.received.length;
    const answer = await poisoned('POST', '/api/v1/passwordReset', 'acme', {
      username: 'editor',
    });
    expect(answer).toMatchObject({ status: 200, json: { ok: true } });
    const link = await lastLinkTo(smtp, 'editor@acme.example', sent + 1);
    expect(link).toMatch(/^https:\/\/acme\.example\.com:8443\/create-password\/[\w-]{40,}$/);
  });

  it('e-mails the platform admin the reset link on the platform host, no sub-domain', async () => {
    const sent = smtp.received.length;
    // No site header: the poisoned Host names no site, so this is the platform's request.
    const answer = await poisoned('POST', '/api/v1/passwordReset', null, { username: 'admin' });
    expect(answer.status).toBe(200);
    const [mail] = (await smtp.waitFor(sent + 1)).slice(sent);
    const link = await lastLinkTo(smtp, mail.to[0], sent + 1);
    expect(link).toMatch(/^https:\/\/example\.com:8443\/create-password\/[\w-]{40,}$/);
  });

  it('e-mails an invitation on the inviting tenant site', async () => {
    const sent = smtp.received.length;
    const created = await asAdmin('acme', 'POST', '/api/v1/users', {
      username: 'poisoned.invite',
      fullName: 'Poisoned Invite',
      email: 'poisoned.invite@acme.example',
      role: 'viewer',
    });
    expect(created.status).toBe(200);
    const link = await lastLinkTo(smtp, 'poisoned.invite@acme.example', sent + 1);
    expect(link.startsWith('https://acme.example.com:8443/create-password/')).toBe(true);

    const resent = await asAdmin('acme', 'POST', `/api/v1/users/${created.json.id}/invitation`, {});
    expect(resent.status).toBe(200);
    const again = await lastLinkTo(smtp, 'poisoned.invite@acme.example', sent + 2);
    expect(again).toBe(`https://acme.example.com:8443${resent.json.createPasswordPath}`);
  });

  it('e-mails the pricing link on the platform host and redirects to the configured site', async () => {
    const sent = smtp.received.length;
    const registered = await poisoned('POST', '/api/v1/register', null, {
      companyName: 'Hooli',
      site: 'hooli',
      fullName: 'Gavin Belson',
      email: 'gavin@hooli.example',
      username: 'gavin',
    });
    expect(registered.status).toBe(200);
    const id = Number(String(registered.headers.location).split('/').pop());
    const approved = await asAdmin('www', 'POST', `/api/v1/registrations/${id}/approve`, {});
    expect(approved.status).toBe(200);
    const link = await lastLinkTo(smtp, 'gavin@hooli.example', sent + 2);
    expect(link).toBe(`https://example.com:8443/pricing/${approved.json.token}`);

    const created = await poisoned('POST', '/node/api/v1/accountRegistrations', null, {
      plan: (await poisoned('GET', '/api/v1/public/pricingPlans', null)).json[0].id,
      registrationToken: approved.json.token,
    });
    expect(created.status).toBe(200);
    const invitation = created.json.createPasswordPath.split('/').pop();
    const set = await poisoned('POST', '/api/v1/createPassword', null, {
      invitation,
      password: 'a long enough password',
    });
    expect(set.status).toBe(200);
    const redirect = await rawCall(server.baseUrl, 'POST', '/api/v1/verifyAndRedirectAccount', {
      headers: { ...POISON, authorization: `Bearer ${invitation}` },
    });
    expect(redirect.json).toEqual({
      site: 'hooli',
      redirectUrl: 'https://hooli.example.com:8443/login',
    });
  });

  it('puts no poisoned host in any mail sent, and still serves', async () => {
    expect(smtp.received.length).toBeGreaterThan(0);
    for (const mail of smtp.received) expect(mail.raw).not.toContain('attacker.example');
    const health = await rawCall(server.baseUrl, 'GET', '/api/v1/verifyLogin', {
      headers: POISON,
    });
    expect(health.status).toBe(401);
  });
});

describe('the public URL links are built from', () => {
  const dir = mkdtempSync(join(tmpdir(), 'brandboard-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const load = (extra: Record<string, string> = {}) =>
    loadConfig({ DATA_DIR: dir, DEMO_PASSWORD: 'config-test-password', ...extra });

  it('is http://<BASE_DOMAIN>:<PORT> without PUBLIC_URL, default ports left out', () => {
    expect(load().publicUrl).toBe('http://localhost:3000');
    expect(load({ BASE_DOMAIN: 'Example.COM', PORT: '8080' })).toMatchObject({
      baseDomain: 'example.com',
      publicUrl: 'http://example.com:8080',
    });
    expect(load({ BASE_DOMAIN: 'example.com', PORT: '80' }).publicUrl).toBe('http://example.com');
  });

  it('is PUBLIC_URL when set, whose host is the base domain', () => {
    expect(load({ PUBLIC_URL: 'https://example.com/' })).toMatchObject({
      baseDomain: 'example.com',
      publicUrl: 'https://example.com',
    });
    expect(
      load({ PUBLIC_URL: 'https://example.com:443', BASE_DOMAIN: 'example.com' }).publicUrl,
    ).toBe('https://example.com');
    expect(load({ PUBLIC_URL: 'http://bb.example.org:8080', PORT: '3000' }).publicUrl).toBe(
      'http://bb.example.org:8080',
    );
  });

  it('refuses a PUBLIC_URL that is not scheme, host and port, or not on BASE_DOMAIN', () => {
    for (const bad of [
      'example.com',
      'ftp://example.com',
      'https://example.com/app',
      'https://example.com/?next=x',
      'https://user:pw@example.com',
      'https://',
    ]) {
      expect(() => load({ PUBLIC_URL: bad }), bad).toThrow(ConfigError);
    }
    expect(() => load({ PUBLIC_URL: 'https://example.com', BASE_DOMAIN: 'other.org' })).toThrow(
      /must be BASE_DOMAIN/,
    );
  });

  it('puts a tenant on its sub-domain and the platform on the bare host', () => {
    const config = { publicUrl: 'https://example.com:8443' };
    expect(siteOrigin(config, 'acme')).toBe('https://acme.example.com:8443');
    expect(siteOrigin(config, 'www')).toBe('https://example.com:8443');
    expect(siteOrigin({ publicUrl: 'http://localhost:3000' }, 'globex')).toBe(
      'http://globex.localhost:3000',
    );
  });
});
