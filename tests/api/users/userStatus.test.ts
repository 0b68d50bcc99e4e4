import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedUser } from '../../../common/api/users';
import { call } from '../fixtures';
import { isPostgresReachable, type Backend } from '../harness';
import { startPlatformServer, type PlatformServer } from '../platformHarness';

// Where a user stands, as the users section reads it: `invited` until they set a password
// from their invitation (not the mark of a deactivated user), then `active` or `deactivated`.
// Without SMTP an admin re-issues a single-use link from the user's page and passes it on.

const PASSWORD = 'a long enough password';

const stores: [string, Backend][] = [['SQLite', 'sqlite']];
if (await isPostgresReachable()) stores.push(['PostgreSQL', 'postgres']);

describe.each(stores)('user status on %s', (_name, backend) => {
  let server: PlatformServer;
  let admin: string;

  beforeAll(async () => {
    server = await startPlatformServer(backend);
    admin = await server.sessionFor('acme', 'admin');
  });
  afterAll(() => server?.close());

  const asAdmin = (method: string, path: string, body?: unknown) =>
    call(server, method, path, { token: admin, site: 'acme', body });
  const statusOf = async (id: number) =>
    ((await asAdmin('GET', `/api/v1/users/${id}`)).json as ManagedUser).status;
  const createUser = async (username: string, extra: object = {}) => {
    const created = await asAdmin('POST', '/api/v1/users', {
      username,
      fullName: `User ${username}`,
      email: `${username}@acme.example`,
      role: 'viewer',
      ...extra,
    });
    expect(created.status).toBe(200);
    return created.json as ManagedUser;
  };
  const reissue = (id: number) => asAdmin('POST', `/api/v1/users/${id}/invitation`, {});
  const invitationIdOf = (path: string) => path.replace('/create-password/', '');

  it('answers invited, active and deactivated users each with their own status', async () => {
    const invited = await createUser('status.invited');
    expect(invited).toMatchObject({ active: false, status: 'invited' });
    const active = await createUser('status.active', { password: PASSWORD });
    expect(active).toMatchObject({ active: true, status: 'active' });
    const deactivated = await createUser('status.off', { password: PASSWORD });
    const put = await asAdmin('PUT', `/api/v1/users/${deactivated.id}`, { active: false });
    expect(put.json).toMatchObject({ active: false, status: 'deactivated' });

    expect(await statusOf(invited.id)).toBe('invited');
    expect(await statusOf(active.id)).toBe('active');
    expect(await statusOf(deactivated.id)).toBe('deactivated');
    const listed = await asAdmin('GET', '/api/v1/users?range=[0,99]');
    const byName = new Map(
      (listed.json as ManagedUser[]).map((user) => [user.username, user.status]),
    );
    expect(byName.get('status.invited')).toBe('invited');
    expect(byName.get('status.active')).toBe('active');
    expect(byName.get('status.off')).toBe('deactivated');
    expect(byName.get('admin')).toBe('active');
    // An admin switching an invited user "active" does not make them so: no password yet.
    await asAdmin('PUT', `/api/v1/users/${invited.id}`, { active: true });
    expect(await statusOf(invited.id)).toBe('invited');
  });

  it('re-issues a single-use link without SMTP; the user who uses it is active', async () => {
    const invited = await createUser('status.relinked');
    const first = await reissue(invited.id);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ id: invited.id, mailStatus: 'stored' });
    expect(first.json.createPasswordPath).toMatch(/^\/create-password\/[\w-]{40,}$/);
    const second = await reissue(invited.id);
    const firstId = invitationIdOf(first.json.createPasswordPath);
    const secondId = invitationIdOf(second.json.createPasswordPath);
    expect(secondId).not.toBe(firstId);

    // Only the newest link works.
    const site = { site: 'acme' };
    expect((await call(server, 'GET', `/api/v1/public/invitations/${firstId}`, site)).status).toBe(
      410,
    );
    const opened = await call(server, 'GET', `/api/v1/public/invitations/${secondId}`, site);
    expect(opened.json).toMatchObject({ username: 'status.relinked', site: 'acme' });
    const created = await call(server, 'POST', '/api/v1/createPassword', {
      ...site,
      body: { invitation: secondId, password: PASSWORD },
    });
    expect(created.status).toBe(200);
    expect(await statusOf(invited.id)).toBe('active');
    expect((await reissue(invited.id)).status).toBe(409);
  });

  it('lets only the admin of the user account re-issue a link', async () => {
    const invited = await createUser('status.guarded');
    const viewer = await server.sessionFor('acme', 'viewer');
    const asViewer = await call(server, 'POST', `/api/v1/users/${invited.id}/invitation`, {
      token: viewer,
      site: 'acme',
      body: {},
    });
    expect(asViewer.status).toBe(403);
    await server.addAccount('statusother', { boss: 'admin' });
    const otherAdmin = await server.sessionFor('statusother', 'boss');
    const asOther = await call(server, 'POST', `/api/v1/users/${invited.id}/invitation`, {
      token: otherAdmin,
      site: 'statusother',
      body: {},
    });
    expect(asOther.status).toBe(404);
  });
});
