import { drawDemoLogo } from '../../server/seed/demoLogo';
import { nowIso } from '../../server/db/schema';
import type { TestServer } from './harness';
import type { Session } from './harness';

// Shared by the company profile suites: image bytes, multipart forms, and a second tenant.

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A real PNG (the demo logo drawer, another size and colour than the seeded one). */
export const redPng = (): Buffer => drawDemoLogo(32, '#d32f2f');

/** A real 1x1 GIF. */
export const tinyGif = (): Buffer =>
  Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);

export interface FilePart {
  bytes: Uint8Array;
  name: string;
  type?: string;
}

/** Form data with text fields and optional file parts (each under its own field name). */
export function profileForm(
  fields: Record<string, string>,
  files: Record<string, FilePart> = {},
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [key, file] of Object.entries(files)) {
    const blob = new Blob([new Uint8Array(file.bytes)], { type: file.type ?? '' });
    form.append(key, blob, file.name);
  }
  return form;
}

export const logoPart = (bytes: Uint8Array, name = 'logo.png', type = 'image/png'): FilePart => ({
  bytes,
  name,
  type,
});

export interface Answer {
  status: number;
  json: unknown;
  headers: Headers;
}

/** Sends a form (or any body) with a session's headers and reads the JSON answer. */
export async function send(
  server: TestServer,
  session: Session | null,
  method: string,
  path: string,
  body?: FormData | string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { ...(session?.headers ?? {}), ...headers },
    body,
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text ? JSON.parse(text) : null,
    headers: response.headers,
  };
}

/** The logo of `site` as bytes, with the answer's status and headers. */
export async function fetchLogo(
  server: TestServer,
  site: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const response = await fetch(`${server.baseUrl}/api/v1/logo`, { headers: { site, ...headers } });
  return {
    status: response.status,
    bytes: Buffer.from(await response.arrayBuffer()),
    headers: response.headers,
  };
}

/** The stored profile row of an account, straight from the metadata store. */
export async function storedProfile(server: TestServer, accountId: number) {
  return server.app.db
    .selectFrom('company_profiles')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

export async function accountIdOf(server: TestServer, site: string): Promise<number> {
  const row = await server.app.db
    .selectFrom('accounts')
    .select('id')
    .where('site', '=', site)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A second tenant, with or without a company profile, written straight to the store. */
export async function addTenant(
  server: TestServer,
  site: string,
  profileName: string | null,
): Promise<number> {
  const account = await server.app.db
    .insertInto('accounts')
    .values({ site, name: `${site} Inc.`, plan: 'team', active: 1, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (profileName) {
    await server.app.db
      .insertInto('company_profiles')
      .values({
        account_id: account.id,
        name: profileName,
        website: `https://${site}.example`,
        primary_color: '#00695c',
        secondary_color: '#c2185b',
        logo: null,
        logo_mime: null,
      })
      .execute();
  }
  return account.id;
}
