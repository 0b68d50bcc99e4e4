import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../authFixtures';
import { call, type CallAnswer } from '../fixtures';
import { startServer, type TestServer } from '../harness';

// SCIM 2.0 provisioning with the requests Azure AD and Okta send: create, filter by userName,
// PATCH active=false (which ends the user's sessions at once), groups mapped to roles, and
// SCIM's error schema for what an identity provider may get wrong.

const SITE = 'acme';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

describe.each(BACKENDS)('SCIM provisioning on %s', (backend) => {
  let server: TestServer;
  let scimToken: string;
  let adminToken: string;

  const scim = (method: string, path: string, body?: unknown): Promise<CallAnswer> =>
    call(server, method, `/scim/v2${path}`, {
      site: SITE,
      token: scimToken,
      ...(body !== undefined && { rawBody: JSON.stringify(body) }),
      headers: { 'content-type': 'application/scim+json' },
    });

  beforeAll(async () => {
    server = await startServer({ backend });
    adminToken = await server.sessionFor(SITE, 'admin');
    const rotated = await call(server, 'POST', '/api/v1/sso/scimToken', {
      site: SITE,
      token: adminToken,
    });
    expect(rotated.status).toBe(200);
    scimToken = rotated.json.token;
  });
  afterAll(async () => server?.close());

  it('refuses a missing or wrong token with a SCIM error, and another account’s token', async () => {
    const none = await call(server, 'GET', '/scim/v2/Users', { site: SITE });
    expect(none.status).toBe(401);
    expect(none.json.schemas).toEqual([ERROR]);
    expect(none.json.status).toBe('401');
    const wrong = await call(server, 'GET', '/scim/v2/Users', { site: SITE, token: 'scim_nope' });
    expect(wrong.status).toBe(401);
    const elsewhere = await call(server, 'GET', '/scim/v2/Users', {
      site: 'www',
      token: scimToken,
    });
    expect(elsewhere.status).toBe(401);
  });

  let userId: string;

  it('creates a user as Azure AD sends it, and refuses the same userName again', async () => {
    const created = await scim('POST', '/Users', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      externalId: 'aad-0001',
      userName: 'grace@acme.example',
      active: true,
      displayName: 'Grace Hopper',
      emails: [{ primary: true, type: 'work', value: 'grace@acme.example' }],
      name: { givenName: 'Grace', familyName: 'Hopper' },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toContain('application/scim+json');
    expect(created.json).toMatchObject({
      userName: 'grace@acme.example',
      externalId: 'aad-0001',
      displayName: 'Grace Hopper',
      active: true,
      emails: [{ value: 'grace@acme.example', primary: true }],
      meta: { resourceType: 'User' },
    });
    userId = created.json.id;
    const again = await scim('POST', '/Users', { userName: 'GRACE@acme.example' });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });
  });

  it('filters by userName, pages with startIndex and count', async () => {
    const found = await scim(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "grace@acme.example"')}`,
    );
    expect(found.status).toBe(200);
    expect(found.json.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:ListResponse']);
    expect(found.json.totalResults).toBe(1);
    expect(found.json.Resources[0].id).toBe(userId);
    const none = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "nobody"')}`);
    expect(none.json).toMatchObject({ totalResults: 0, Resources: [] });
    const page = await scim('GET', '/Users?startIndex=2&count=1');
    expect(page.json.startIndex).toBe(2);
    expect(page.json.itemsPerPage).toBe(1);
    expect(page.json.totalResults).toBeGreaterThan(2);
    const bad = await scim('GET', `/Users?filter=${encodeURIComponent('title co "x"')}`);
    expect(bad.status).toBe(400);
    expect(bad.json.scimType).toBe('invalidFilter');
  });

  it('replaces attributes with PATCH in Okta’s form (no path) and PUT', async () => {
    const patched = await scim('PATCH', `/Users/${userId}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { displayName: 'Rear Admiral Hopper' } }],
    });
    expect(patched.status).toBe(200);
    expect(patched.json.displayName).toBe('Rear Admiral Hopper');
    const put = await scim('PUT', `/Users/${userId}`, {
      userName: 'grace@acme.example',
      name: { formatted: 'Grace B. Hopper' },
      emails: [{ value: 'gbh@acme.example', primary: true }],
      active: true,
    });
    expect(put.json).toMatchObject({
      displayName: 'Grace B. Hopper',
      emails: [{ value: 'gbh@acme.example' }],
    });
  });

  it('deactivates with PATCH active=False as Azure AD sends it: sessions end at once', async () => {
    const session = await server.sessionFor(SITE, 'grace@acme.example');
    const before = await call(server, 'GET', '/api/v1/verifyLogin', { site: SITE, token: session });
    expect(before.status).toBe(200);
    const patched = await scim('PATCH', `/Users/${userId}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(patched.status).toBe(200);
    expect(patched.json.active).toBe(false);
    const after = await call(server, 'GET', '/api/v1/verifyLogin', { site: SITE, token: session });
    expect(after.status).toBe(401);
    const revoked = await server.app.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('user_id', '=', Number(userId))
      .executeTakeFirstOrThrow();
    expect(revoked.revoked_at).not.toBeNull();
  });

  it('refuses a PATCH it cannot apply with a SCIM 400 and changes nothing', async () => {
    const bad = await scim('PATCH', `/Users/${userId}`, {
      schemas: [PATCH],
      Operations: [
        { op: 'replace', path: 'displayName', value: 'Changed' },
        { op: 'replace', path: 'active', value: 'maybe' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ schemas: [ERROR], scimType: 'invalidValue' });
    const user = await scim('GET', `/Users/${userId}`);
    expect(user.json.displayName).toBe('Grace B. Hopper');
    const missing = await scim('GET', '/Users/999999');
    expect(missing.status).toBe(404);
    expect(missing.json.schemas).toEqual([ERROR]);
  });

  it('maps groups to roles: membership gives the role, leaving the group takes it back', async () => {
    await scim('PATCH', `/Users/${userId}`, {
      Operations: [{ op: 'replace', path: 'active', value: true }],
    });
    const group = await scim('POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Editor',
      members: [],
    });
    expect(group.status).toBe(201);
    const added = await scim('PATCH', `/Groups/${group.json.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'add', path: 'members', value: [{ value: userId }] }],
    });
    expect(added.status).toBe(200);
    expect(added.json.members).toEqual([{ value: userId, display: 'grace@acme.example' }]);
    const roleOf = async () =>
      (
        await server.app.db
          .selectFrom('users')
          .select('role')
          .where('id', '=', Number(userId))
          .executeTakeFirstOrThrow()
      ).role;
    expect(await roleOf()).toBe('editor');
    const user = await scim('GET', `/Users/${userId}`);
    expect(user.json.groups).toEqual([{ value: group.json.id, display: 'Editor' }]);

    const removed = await scim('PATCH', `/Groups/${group.json.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'remove', path: `members[value eq "${userId}"]` }],
    });
    expect(removed.json.members).toEqual([]);
    expect(await roleOf()).toBe('viewer');

    const unmapped = await scim('POST', '/Groups', { displayName: 'Finance' });
    expect(unmapped.status).toBe(400);
    expect(unmapped.json.detail).toContain('Finance');
  });

  it('deletes a user, and a rotated token replaces the old one', async () => {
    const deleted = await scim('DELETE', `/Users/${userId}`);
    expect(deleted.status).toBe(204);
    expect((await scim('GET', `/Users/${userId}`)).status).toBe(404);
    const old = scimToken;
    const rotated = await call(server, 'POST', '/api/v1/sso/scimToken', {
      site: SITE,
      token: adminToken,
    });
    scimToken = rotated.json.token;
    expect((await scim('GET', '/Users')).status).toBe(200);
    const withOld = await call(server, 'GET', '/scim/v2/Users', { site: SITE, token: old });
    expect(withOld.status).toBe(401);
    // Only the hash is stored.
    const stored = await server.app.db
      .selectFrom('sso_settings')
      .select('scim_token_hash')
      .executeTakeFirstOrThrow();
    expect(stored.scim_token_hash).not.toBe(scimToken);
  });
});
