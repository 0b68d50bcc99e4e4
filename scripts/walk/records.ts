import { DEMO_SITE } from '../../server/seed/coreSeed';
import { E2E_PASSWORD, type E2eServer } from '../../tests/e2e/harness';
import { PLATFORM_SITE } from '../../common/types';
import { signEmbedToken, type EmbedTokenClaims } from '../../sdk/src/signEmbedToken';
import type { WalkRecords } from './pages';

// The records the public pages need, made over the API as their owners would: a share link
// of the first demo dashboard (editor), embed tokens of it and of the first chart (admin), an
// invitation (admin), an approved registration's pricing link (visitor, then platform admin),
// and the published info pages and messages.

interface Session {
  headers: Record<string, string>;
}

async function call<T>(
  server: E2eServer,
  session: Session | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { ...(session?.headers ?? {}) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.rootUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15000),
  });
  if (!response.ok) {
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

async function login(server: E2eServer, site: string, username: string): Promise<Session> {
  const { token } = await call<{ token: string }>(
    server,
    { headers: { site } },
    'POST',
    '/api/v1/login',
    { username, password: E2E_PASSWORD },
  );
  return { headers: { authorization: `Bearer ${token}`, site } };
}

async function shareLinkPath(server: E2eServer): Promise<string | null> {
  const editor = await login(server, DEMO_SITE, 'editor');
  const dashboards = await call<{ id: number }[]>(server, editor, 'GET', '/api/v1/dashboards');
  if (dashboards.length === 0) return null;
  const link = await call<{ url: string }>(
    server,
    editor,
    'POST',
    `/api/v1/dashboards/${dashboards[0].id}/shareLinks`,
    { label: 'Screenshot walk' },
  );
  return link.url;
}

/** The embed pages of the first demo dashboard and chart, signed with a new secret (admin). */
async function embedPaths(
  server: E2eServer,
): Promise<Pick<WalkRecords, 'embedPath' | 'embedChartPath'>> {
  const admin = await login(server, DEMO_SITE, 'admin');
  const dashboards = await call<{ id: number }[]>(server, admin, 'GET', '/api/v1/dashboards');
  const charts = await call<{ id: number }[]>(server, admin, 'GET', '/api/v1/aicharts');
  if (dashboards.length === 0 && charts.length === 0) {
    return { embedPath: null, embedChartPath: null };
  }
  const key = await call<{ secret: string; keyId: string }>(
    server,
    admin,
    'POST',
    '/api/v1/embedSecrets',
    { label: 'Screenshot walk' },
  );
  const sign = (claims: EmbedTokenClaims) =>
    signEmbedToken(key, claims, { expiresInSeconds: 24 * 3600 });
  const [dashboard] = dashboards;
  const [chart] = charts;
  return {
    embedPath: dashboard ? `/embed/dashboards/${await sign({ dashboardId: dashboard.id })}` : null,
    embedChartPath: chart ? `/embed/charts/${await sign({ chartId: chart.id })}` : null,
  };
}

async function invitationPath(server: E2eServer): Promise<string> {
  const admin = await login(server, DEMO_SITE, 'admin');
  const user = await call<{ id: number }>(server, admin, 'POST', '/api/v1/users', {
    username: 'walk.invitee',
    fullName: 'Wanda Invitee',
    email: 'wanda@acme.example',
    role: 'viewer',
  });
  const invitation = await call<{ createPasswordPath: string }>(
    server,
    admin,
    'POST',
    `/api/v1/users/${user.id}/invitation`,
  );
  return new URL(invitation.createPasswordPath, server.rootUrl).pathname;
}

async function pricingPath(server: E2eServer): Promise<string> {
  await call(server, null, 'POST', '/api/v1/register', {
    companyName: 'Walkers Ltd',
    site: 'walkers',
    fullName: 'Walt Walker',
    email: 'walt@walkers.example',
    username: 'walt',
  });
  const platform = await login(server, PLATFORM_SITE, 'admin');
  const registrations = await call<{ id: number; site: string }[]>(
    server,
    platform,
    'GET',
    '/api/v1/registrations',
  );
  const registration = registrations.find((candidate) => candidate.site === 'walkers');
  if (!registration) throw new Error('The walk registration is not listed.');
  const approved = await call<{ pricingPath: string }>(
    server,
    platform,
    'POST',
    `/api/v1/registrations/${registration.id}/approve`,
  );
  return new URL(approved.pricingPath, server.rootUrl).pathname;
}

async function infoSlugs(server: E2eServer): Promise<string[]> {
  const pages = await call<{ slug: string }[]>(server, null, 'GET', '/api/v1/public/info');
  return pages.map((page) => page.slug);
}

export async function createWalkRecords(server: E2eServer): Promise<WalkRecords> {
  return {
    sharePath: await shareLinkPath(server),
    ...(await embedPaths(server)),
    createPasswordPath: await invitationPath(server),
    pricingPath: await pricingPath(server),
    infoSlugs: await infoSlugs(server),
    // The demo seed publishes one announcement (server/seed/platformSeed.ts).
    messageType: 'announcement',
  };
}
