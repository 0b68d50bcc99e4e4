import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startServer, type TestServer } from '../harness';
import { startLocalSmtpServer, type LocalSmtpServer } from '../support/localSmtpServer';
import { decodedBody } from '../support/mailLinks';
import type { ReceivedMail } from '../support/localSmtpServer';

// E-mails go out in the recipient's language: their own, else their account's default, else
// English. Sent through a real local SMTP server (password resets and invitations).

/** A header's text, its MIME encoded words (RFC 2047, Q or B) decoded. */
function headerText(raw: string, name: string): string {
  const lines = raw.split('\r\n');
  const start = lines.findIndex((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  let value = lines[start]!.slice(name.length + 1);
  for (let i = start + 1; /^[ \t]/.test(lines[i] ?? ''); i += 1) value += lines[i];
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    )
    .trim();
}

/** The body's text as UTF-8 (decodedBody answers the quoted-printable bytes one by one). */
const bodyText = (mail: ReceivedMail) =>
  Buffer.from(decodedBody(mail.raw), 'latin1').toString('utf8');

describe('e-mails in the recipient’s language', () => {
  let server: TestServer;
  let smtp: LocalSmtpServer;
  const anonymous = { token: '', site: 'acme', headers: { site: 'acme' } };
  const reset = (username: string) =>
    api(server.baseUrl, anonymous, 'POST', '/api/v1/passwordReset', { username });
  const mailTo = async (email: string, count: number) =>
    (await smtp.waitFor(count)).filter((mail) => mail.to.includes(email)).pop()!;
  const setLanguage = async (table: 'users' | 'company_profiles', language: string | null) =>
    server.app.db.updateTable(table).set({ language }).execute();

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
    server = await startServer({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('writes to a French user in French', async () => {
    await server.app.db
      .updateTable('users')
      .set({ language: 'fr' })
      .where('username', '=', 'editor')
      .execute();
    expect((await reset('editor')).status).toBe(200);
    const mail = await mailTo('editor@acme.example', 1);
    expect(headerText(mail.raw, 'Subject')).toBe(
      'Acme Analytics : choisissez un nouveau mot de passe',
    );
    const body = bodyText(mail);
    expect(body).toContain('Bonjour ');
    expect(body).toContain('quelqu’un a demandé à réinitialiser le mot de passe de `editor`');
    expect(body).toContain('Choisissez un nouveau mot de passe avec ce lien');
    expect(body).not.toContain('Hello');
  });

  it("writes in the account's default language to a user who chose none", async () => {
    await setLanguage('company_profiles', 'fr');
    expect((await reset('viewer')).status).toBe(200);
    const mail = await mailTo('viewer@acme.example', 2);
    expect(headerText(mail.raw, 'Subject')).toBe(
      'Acme Analytics : choisissez un nouveau mot de passe',
    );
    expect(bodyText(mail)).toContain('Bonjour ');
  });

  it('writes in English when neither the user nor the account chose, or the user chose English', async () => {
    await setLanguage('company_profiles', null);
    expect((await reset('admin')).status).toBe(200);
    const mail = await mailTo('admin@acme.example', 3);
    expect(headerText(mail.raw, 'Subject')).toBe('Acme Analytics: set a new password');
    expect(bodyText(mail)).toContain('Hello ');

    await setLanguage('company_profiles', 'fr');
    await server.app.db
      .updateTable('users')
      .set({ language: 'en' })
      .where('username', '=', 'viewer')
      .execute();
    expect((await reset('viewer')).status).toBe(200);
    const english = await mailTo('viewer@acme.example', 4);
    expect(headerText(english.raw, 'Subject')).toBe('Acme Analytics: set a new password');
  });
});
