import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../server/services/passwords';
import { isPostgresReachable, type Backend } from '../harness';
import { call, startPlatformServer, type PlatformServer } from '../platformHarness';

// The registration flow over HTTP: register -> the platform admin approves (pricing link) ->
// plans -> account creation -> password -> verify and redirect -> the new admin can sign in.

const GLOBEX = {
  companyName: 'Globex Corporation',
  site: 'globex',
  fullName: 'Hank Scorpio',
  email: 'hank@globex.example',
  username: 'hank',
};
const NEW_PASSWORD = 'a long enough password';

const stores: [string, Backend][] = [['SQLite', 'sqlite']];
if (await isPostgresReachable()) stores.push(['PostgreSQL', 'postgres']);

describe.each(stores)('registration flow on %s', (_name, backend) => {
  let server: PlatformServer;
  let rootAdmin: string;

  beforeAll(async () => {
    // Many registrations from one address: the rate limit has its own test (lookupRateLimits).
    server = await startPlatformServer(backend, { RATE_LIMIT_TOKENS_PER_MINUTE: '0' });
    rootAdmin = await server.sessionFor('www', 'admin');
  });
  afterAll(() => server?.close());

  const countRows = async (table: 'registrations' | 'accounts' | 'users') =>
    Number(
      (
        await server.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('runs from registration to a user who can sign in on the new site', async () => {
    const registered = await call(server, 'POST', '/api/v1/register', { body: GLOBEX });
    expect(registered).toMatchObject({ status: 200, json: true });

    const again = await call(server, 'POST', '/api/v1/register', { body: GLOBEX });
    expect(again).toMatchObject({ status: 400, json: { field: 'site' } });

    const list = await call(server, 'GET', '/api/v1/registrations?filter={"status":"pending"}', {
      token: rootAdmin,
    });
    expect(list.status).toBe(200);
    expect(list.headers.get('content-range')).toBe('registrations 0-0/1');
    const [registration] = list.json;
    expect(registration).toMatchObject({ ...GLOBEX, status: 'pending', pricingLinkSent: false });
    expect(registered.headers.get('location')).toBe(
      `/messages/registration-received/${registration.id}`,
    );

    const unknown = await call(server, 'POST', '/api/v1/registrations/999999/approve', {
      token: rootAdmin,
      body: {},
    });
    expect(unknown.status).toBe(404);
    const link = await call(server, 'POST', `/api/v1/registrations/${registration.id}/approve`, {
      token: rootAdmin,
      body: {},
    });
    expect(link.status).toBe(200);
    const pricingToken: string = link.json.token;
    expect(link.json.pricingPath).toBe(`/pricing/${pricingToken}`);
    const stored = await server.app.db
      .selectFrom('registrations')
      .select('token_hash')
      .where('id', '=', registration.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(pricingToken);

    const pending = await call(server, 'GET', `/api/v1/public/registrations/${pricingToken}`);
    expect(pending.json).toEqual({
      companyName: GLOBEX.companyName,
      site: 'globex',
      email: GLOBEX.email,
      status: 'approved',
      accountCreated: false,
    });

    const plans = await call(server, 'GET', '/api/v1/public/pricingPlans');
    expect(plans.json.map((plan: { name: string }) => plan.name)).toEqual([
      'Free',
      'Team',
      'Business',
    ]);
    const team = plans.json[1];
    expect(Object.keys(team)).toEqual(
      expect.arrayContaining(['currency', 'features', 'highlighted', 'id', 'name', 'priceMonthly']),
    );

    const created = await call(server, 'POST', '/node/api/v1/accountRegistrations', {
      body: { plan: team.id, registrationToken: pricingToken },
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      status: 'created',
      createPasswordPath: expect.stringMatching(/^\/create-password\/[\w-]{40,}$/),
    });
    const { id: userId } = created.json;
    const activationToken: string = created.json.createPasswordPath.split('/').pop();
    const invitationMessage = await server.app.db
      .selectFrom('outbox_messages')
      .innerJoin('accounts', 'accounts.id', 'outbox_messages.account_id')
      .select(['outbox_messages.type', 'outbox_messages.recipient', 'outbox_messages.link'])
      .where('accounts.site', '=', 'globex')
      .executeTakeFirstOrThrow();
    // The link goes to the registrant (in this answer and by e-mail), never into the outbox.
    expect(invitationMessage).toEqual({ type: 'invitation', recipient: GLOBEX.email, link: null });
    const onLoad = await call(server, 'GET', `/api/v1/public/invitations/${activationToken}`);
    expect(onLoad.json).toMatchObject({ username: 'hank', site: 'globex' });

    const account = await server.app.db
      .selectFrom('accounts')
      .innerJoin('company_profiles', 'company_profiles.account_id', 'accounts.id')
      .select(['accounts.id', 'accounts.plan', 'company_profiles.name'])
      .where('accounts.site', '=', 'globex')
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ plan: 'Team', name: 'Globex Corporation' });
    const user = await server.app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      account_id: account.id,
      username: 'hank',
      role: 'admin',
      active: 0,
    });

    const reused = await call(server, 'POST', '/node/api/v1/accountRegistrations', {
      body: { plan: team.id, registrationToken: pricingToken },
    });
    expect(reused.status).toBe(409);
    expect(await countRows('accounts')).toBe(3);

    const early = await call(server, 'POST', '/api/v1/verifyAndRedirectAccount', {
      token: activationToken,
    });
    expect(early.status).toBe(409);

    const short = await call(server, 'POST', '/api/v1/createPassword', {
      body: { invitation: activationToken, password: 'too-short' },
    });
    expect(short.status).toBe(400);
    expect(short.json.field).toBe('password');

    const set = await call(server, 'POST', '/api/v1/createPassword', {
      body: { invitation: activationToken, password: NEW_PASSWORD },
    });
    expect(set).toMatchObject({ status: 200, json: { ok: true } });
    const setAgain = await call(server, 'POST', '/api/v1/createPassword', {
      body: { invitation: activationToken, password: 'another long password' },
    });
    expect(setAgain).toMatchObject({ status: 409, json: { field: 'invitation' } });
    const usedOnLoad = await call(server, 'GET', `/api/v1/public/invitations/${activationToken}`);
    expect(usedOnLoad.status).toBe(409);

    const verified = await call(server, 'POST', '/api/v1/verifyAndRedirectAccount', {
      token: activationToken,
    });
    expect(verified.json).toEqual({
      site: 'globex',
      redirectUrl: 'http://globex.localhost:3000/login',
    });

    const activated = await server.app.db
      .selectFrom('users')
      .select(['active', 'password_hash'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(activated.active).toBe(1);
    expect(await verifyPassword(NEW_PASSWORD, activated.password_hash)).toBe(true);

    const after = await call(server, 'GET', `/api/v1/public/registrations/${pricingToken}`);
    expect(after.json).toMatchObject({ status: 'completed', accountCreated: true });
    const linkAgain = await call(
      server,
      'POST',
      `/api/v1/registrations/${registration.id}/pricingLink`,
      { token: rootAdmin, body: {} },
    );
    expect(linkAgain.status).toBe(409);
  });

  it('refuses reserved sites, taken sites and taken e-mails with a 400 at the field', async () => {
    const before = await countRows('registrations');
    const refusals: [Partial<typeof GLOBEX>, string, RegExp][] = [
      [{ site: 'www' }, 'site', /reserved/],
      [{ site: 'api' }, 'site', /reserved/],
      [{ site: 'acme' }, 'site', /taken/],
      [{ site: 'globex' }, 'site', /taken/],
      [{ site: 'umbrella', email: 'admin@acme.example' }, 'email', /already registered/],
      [{ site: 'umbrella', email: 'HANK@globex.example' }, 'email', /already registered/],
    ];
    for (const [change, field, message] of refusals) {
      const answer = await call(server, 'POST', '/api/v1/register', {
        body: { ...GLOBEX, ...change },
      });
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.json.field, JSON.stringify(change)).toBe(field);
      expect(answer.json.message, JSON.stringify(change)).toMatch(message);
    }
    expect(await countRows('registrations')).toBe(before);
  });

  it('rejects bad registration input with 4xx naming the field and writes nothing', async () => {
    const before = await countRows('registrations');
    const cases: [string, Parameters<typeof call>[3], number, string | undefined][] = [
      ['malformed JSON', { rawBody: '{"companyName": ' }, 400, undefined],
      ['empty body', { rawBody: '' }, 400, undefined],
      ['array body', { body: [GLOBEX] }, 400, undefined],
      ['wrong type', { body: { ...GLOBEX, companyName: 42 } }, 400, 'companyName'],
      ['missing field', { body: { ...GLOBEX, email: undefined } }, 400, 'email'],
      ['unknown field', { body: { ...GLOBEX, site: 'initech', admin: true } }, 400, 'admin'],
      ['bad site', { body: { ...GLOBEX, site: '-bad site-' } }, 400, 'site'],
      ['bad e-mail', { body: { ...GLOBEX, site: 'initech', email: 'nope' } }, 400, 'email'],
      [
        'oversize body',
        { body: { ...GLOBEX, site: 'initech', fullName: 'x'.repeat(20_000) } },
        413,
        undefined,
      ],
    ];
    for (const [name, options, status, field] of cases) {
      const answer = await call(server, 'POST', '/api/v1/register', options);
      expect(answer.status, name).toBe(status);
      expect(answer.json.message, name).toEqual(expect.any(String));
      if (field) expect(answer.json.field, name).toBe(field);
    }
    expect(await countRows('registrations')).toBe(before);
  });

  it('rejects bad account-registration and password input without writing', async () => {
    const accounts = await countRows('accounts');
    const users = await countRows('users');
    const bad: [string, string, Parameters<typeof call>[3], number][] = [
      ['/node/api/v1/accountRegistrations', 'malformed', { rawBody: '{' }, 400],
      [
        '/node/api/v1/accountRegistrations',
        'wrong type',
        { body: { plan: '1', registrationToken: 'x'.repeat(40) } },
        400,
      ],
      ['/node/api/v1/accountRegistrations', 'missing', { body: { plan: 1 } }, 400],
      [
        '/node/api/v1/accountRegistrations',
        'unknown token',
        { body: { plan: 1, registrationToken: 'y'.repeat(43) } },
        404,
      ],
      [
        '/node/api/v1/accountRegistrations',
        'unknown field',
        { body: { plan: 1, registrationToken: 'y'.repeat(43), site: 'x' } },
        400,
      ],
      ['/api/v1/createPassword', 'malformed', { rawBody: 'null' }, 400],
      [
        '/api/v1/createPassword',
        'wrong type',
        { body: { invitation: 42, password: NEW_PASSWORD } },
        400,
      ],
      [
        '/api/v1/createPassword',
        'unknown invitation',
        { body: { invitation: 'y'.repeat(43), password: NEW_PASSWORD } },
        404,
      ],
      [
        '/api/v1/createPassword',
        'oversize',
        { body: { invitation: 'y'.repeat(43), password: 'p'.repeat(40_000) } },
        413,
      ],
    ];
    for (const [path, name, options, status] of bad) {
      const answer = await call(server, 'POST', path, options);
      expect(answer.status, `${path} ${name}`).toBe(status);
      expect(answer.json.message).toEqual(expect.any(String));
    }
    const noBearer = await call(server, 'POST', '/api/v1/verifyAndRedirectAccount');
    expect(noBearer.status).toBe(401);
    const badBearer = await call(server, 'POST', '/api/v1/verifyAndRedirectAccount', {
      token: 'z'.repeat(43),
    });
    expect(badBearer.status).toBe(401);
    expect(await countRows('accounts')).toBe(accounts);
    expect(await countRows('users')).toBe(users);
  });

  it('keeps registrations to the platform admin', async () => {
    const acmeAdmin = await server.sessionFor('acme', 'admin');
    expect((await call(server, 'GET', '/api/v1/registrations')).status).toBe(401);
    expect(
      (await call(server, 'GET', '/api/v1/registrations', { token: acmeAdmin, site: 'acme' }))
        .status,
    ).toBe(403);
    // A token of acme sent to the platform's site is refused.
    expect(
      (await call(server, 'GET', '/api/v1/registrations', { token: acmeAdmin, site: 'www' }))
        .status,
    ).toBe(403);
    expect(
      (
        await call(server, 'PUT', '/api/v1/registrations/1', {
          token: acmeAdmin,
          site: 'acme',
          body: { status: 'approved' },
        })
      ).status,
    ).toBe(403);
  });

  it('lets the platform admin reject with a reason, approve and delete a registration', async () => {
    await call(server, 'POST', '/api/v1/register', {
      body: { ...GLOBEX, site: 'initech', companyName: 'Initech', email: 'bill@initech.example' },
    });
    const list = await call(server, 'GET', '/api/v1/registrations?filter={"site":"initech"}', {
      token: rootAdmin,
    });
    const id = list.json[0].id;
    const noReason = await call(server, 'POST', `/api/v1/registrations/${id}/reject`, {
      token: rootAdmin,
      body: { reason: '  ' },
    });
    expect(noReason).toMatchObject({ status: 400, json: { field: 'reason' } });
    const noReasonPut = await call(server, 'PUT', `/api/v1/registrations/${id}`, {
      token: rootAdmin,
      body: { status: 'rejected' },
    });
    expect(noReasonPut).toMatchObject({ status: 400, json: { field: 'rejectReason' } });
    const rejected = await call(server, 'POST', `/api/v1/registrations/${id}/reject`, {
      token: rootAdmin,
      body: { reason: 'Duplicate of an existing customer' },
    });
    expect(rejected.json).toMatchObject({
      status: 'rejected',
      rejectReason: 'Duplicate of an existing customer',
    });
    const rejectedList = await call(
      server,
      'GET',
      '/api/v1/registrations?filter={"status":"rejected"}',
      { token: rootAdmin },
    );
    expect(rejectedList.json.map((row: { id: number }) => row.id)).toContain(id);
    expect(
      (
        await call(server, 'POST', `/api/v1/registrations/${id}/pricingLink`, {
          token: rootAdmin,
          body: {},
        })
      ).status,
    ).toBe(409);
    // A rejected registration frees its site and e-mail.
    const reRegistered = await call(server, 'POST', '/api/v1/register', {
      body: {
        ...GLOBEX,
        site: 'initech',
        companyName: 'Initech again',
        email: 'bill@initech.example',
      },
    });
    expect(reRegistered.json).toBe(true);
    const badStatus = await call(server, 'PUT', `/api/v1/registrations/${id}`, {
      token: rootAdmin,
      body: { status: 'accepted' },
    });
    expect(badStatus).toMatchObject({ status: 400, json: { field: 'status' } });
    const completedByHand = await call(server, 'PUT', `/api/v1/registrations/${id}`, {
      token: rootAdmin,
      body: { status: 'completed' },
    });
    expect(completedByHand).toMatchObject({ status: 400, json: { field: 'status' } });
    const approved = await call(server, 'PUT', `/api/v1/registrations/${id}`, {
      token: rootAdmin,
      body: { status: 'approved' },
    });
    expect(approved.json).toMatchObject({ status: 'approved', rejectReason: null });
    const deleted = await call(server, 'DELETE', `/api/v1/registrations/${id}`, {
      token: rootAdmin,
    });
    expect(deleted.json.id).toBe(id);
    expect(
      (await call(server, 'GET', `/api/v1/registrations/${id}`, { token: rootAdmin })).status,
    ).toBe(404);
  });
});
