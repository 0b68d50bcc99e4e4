import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount, addUser, BACKENDS } from '../authFixtures';
import { call, type CallAnswer } from '../fixtures';
import { startServer, type TestServer } from '../harness';

// SCIM as identity providers read and drive it beyond users: the discovery endpoints (RFC 7644
// §4) Entra ID's and Okta's validators read first, group membership changed in part with the
// PATCH requests Okta and Entra ID send, and the per-account rate limit.

const SITE = 'acme';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';

async function scimTokenOf(server: TestServer, site: string): Promise<string> {
  const rotated = await call(server, 'POST', '/api/v1/sso/scimToken', {
    site,
    token: await server.sessionFor(site, 'admin'),
  });
  expect(rotated.status).toBe(200);
  return rotated.json.token as string;
}

function scimClient(server: TestServer, site: string, token: string) {
  return (method: string, path: string, body?: unknown): Promise<CallAnswer> =>
    call(server, method, `/scim/v2${path}`, {
      site,
      token,
      ...(body !== undefined && { rawBody: JSON.stringify(body) }),
      headers: { 'content-type': 'application/scim+json' },
    });
}

describe.each(BACKENDS)('SCIM discovery and groups on %s', (backend) => {
  let server: TestServer;
  let scim: ReturnType<typeof scimClient>;

  beforeAll(async () => {
    server = await startServer({ backend });
    scim = scimClient(server, SITE, await scimTokenOf(server, SITE));
  });
  afterAll(async () => server?.close());

  const roleOf = async (id: string) =>
    (
      await server.app.db
        .selectFrom('users')
        .select('role')
        .where('id', '=', Number(id))
        .executeTakeFirstOrThrow()
    ).role;

  const newUser = async (userName: string) => {
    const created = await scim('POST', '/Users', { schemas: [USER], userName, active: true });
    expect(created.status).toBe(201);
    return created.json.id as string;
  };

  it('answers ServiceProviderConfig: PATCH and filters, no bulk, sort, ETags or passwords', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.headers.get('content-type')).toContain('application/scim+json');
    expect(config.json).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
      patch: { supported: true },
      bulk: { supported: false, maxOperations: 0 },
      filter: { supported: true, maxResults: 200 },
      changePassword: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [{ type: 'oauthbearertoken', primary: true }],
      meta: {
        resourceType: 'ServiceProviderConfig',
        location: expect.stringMatching(/\/scim\/v2\/ServiceProviderConfig$/),
      },
    });
    const anonymous = await call(server, 'GET', '/scim/v2/ServiceProviderConfig', { site: SITE });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.schemas).toEqual([ERROR]);
  });

  it('lists the User and Group resource types, and each by its id', async () => {
    const types = await scim('GET', '/ResourceTypes');
    expect(types.status).toBe(200);
    expect(types.json).toMatchObject({ schemas: [LIST], totalResults: 2 });
    expect(types.json.Resources).toEqual([
      expect.objectContaining({ id: 'User', name: 'User', endpoint: '/Users', schema: USER }),
      expect.objectContaining({ id: 'Group', name: 'Group', endpoint: '/Groups', schema: GROUP }),
    ]);
    const group = await scim('GET', '/ResourceTypes/Group');
    expect(group.json).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'Group',
      meta: { resourceType: 'ResourceType' },
    });
    expect((await scim('GET', '/ResourceTypes/Device')).status).toBe(404);
    const filtered = await scim(
      'GET',
      `/ResourceTypes?filter=${encodeURIComponent('id eq "User"')}`,
    );
    expect(filtered.status).toBe(403);
    expect(filtered.json.schemas).toEqual([ERROR]);
  });

  it('describes the attributes it keeps in the User and Group schemas', async () => {
    const schemas = await scim('GET', '/Schemas');
    expect(schemas.json).toMatchObject({ schemas: [LIST], totalResults: 2 });
    expect(schemas.json.Resources.map((schema: { id: string }) => schema.id)).toEqual([
      USER,
      GROUP,
    ]);
    const user = await scim('GET', `/Schemas/${USER}`);
    expect(user.status).toBe(200);
    const attributes = user.json.attributes as { name: string }[];
    expect(attributes.map((attribute) => attribute.name)).toEqual([
      'userName',
      'name',
      'displayName',
      'emails',
      'active',
      'groups',
    ]);
    expect(attributes[0]).toEqual({
      name: 'userName',
      type: 'string',
      multiValued: false,
      description: expect.any(String),
      required: true,
      caseExact: false,
      mutability: 'readWrite',
      returned: 'default',
      uniqueness: 'server',
    });
    const group = await scim('GET', `/Schemas/${GROUP}`);
    expect(group.json.attributes[1]).toMatchObject({
      name: 'members',
      multiValued: true,
      subAttributes: [{ name: 'value' }, { name: 'display' }, { name: '$ref' }],
    });
    expect((await scim('GET', '/Schemas/urn:example:nothing')).status).toBe(404);
  });

  it('changes members in part as Entra ID sends it: Add and Remove with value lists', async () => {
    const ada = await newUser('ada@acme.example');
    const alan = await newUser('alan@acme.example');
    const created = await scim('POST', '/Groups', {
      schemas: [GROUP],
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      displayName: 'Admin',
      meta: { resourceType: 'Group' },
    });
    expect(created.status).toBe(201);
    const groupId = created.json.id as string;

    const found = await scim(
      'GET',
      `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Admin"')}`,
    );
    expect(found.json.totalResults).toBe(1);
    expect(found.json.Resources[0]).not.toHaveProperty('members');

    const added = await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH],
      Operations: [
        {
          op: 'Add',
          path: 'members',
          value: [{ value: ada }, { value: alan }],
        },
      ],
    });
    expect(added.status).toBe(200);
    expect(added.json.members).toHaveLength(2);
    expect(await roleOf(ada)).toBe('admin');
    expect(await roleOf(alan)).toBe('admin');

    const removed = await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: alan }] }],
    });
    expect(removed.json.members).toEqual([{ value: ada, display: 'ada@acme.example' }]);
    expect(await roleOf(alan)).toBe('viewer');
    expect(await roleOf(ada)).toBe('admin');

    const stranger = await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: '999999' }] }],
    });
    expect(stranger.status).toBe(400);
    expect(stranger.json).toMatchObject({ schemas: [ERROR], scimType: 'invalidValue' });
    const unchanged = await scim('GET', `/Groups/${groupId}`);
    expect(unchanged.json.members).toEqual([{ value: ada, display: 'ada@acme.example' }]);
  });

  it('renames and changes members in part as Okta sends it', async () => {
    const grace = await newUser('grace@acme.example');
    const linus = await newUser('linus@acme.example');
    const created = await scim('POST', '/Groups', {
      schemas: [GROUP],
      displayName: 'viewer',
      members: [{ value: grace, display: 'grace@acme.example' }],
    });
    const groupId = created.json.id as string;

    const renamed = await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { id: groupId, displayName: 'Editor' } }],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json.displayName).toBe('Editor');
    expect(await roleOf(grace)).toBe('editor');

    await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH],
      Operations: [
        { op: 'add', path: 'members', value: [{ value: linus, display: 'linus@acme.example' }] },
      ],
    });
    expect(await roleOf(linus)).toBe('editor');
    const removed = await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH],
      Operations: [{ op: 'remove', path: `members[value eq "${grace}"]` }],
    });
    expect(removed.json.members).toEqual([{ value: linus, display: 'linus@acme.example' }]);
    expect(await roleOf(grace)).toBe('viewer');
  });
});

describe('SCIM rate limit', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ env: { RATE_LIMIT_SCIM_PER_MINUTE: '3' } });
    const globex = await addAccount(server, 'globex');
    await addUser(server, globex, { username: 'admin', role: 'admin' });
  });
  afterAll(async () => server?.close());

  it('answers 429 in SCIM’s error schema past RATE_LIMIT_SCIM_PER_MINUTE, per account', async () => {
    const acme = scimClient(server, SITE, await scimTokenOf(server, SITE));
    const globex = scimClient(server, 'globex', await scimTokenOf(server, 'globex'));
    for (let i = 0; i < 3; i++) expect((await acme('GET', '/Users')).status).toBe(200);
    const limited = await acme('GET', '/Users');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toContain('application/scim+json');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.json).toMatchObject({
      schemas: [ERROR],
      status: '429',
      detail: expect.stringMatching(/^Too many requests\./),
    });
    expect((await globex('GET', '/Users')).status).toBe(200);
  });
});
