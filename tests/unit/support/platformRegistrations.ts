import { call, type PlatformServer } from '../../api/platformHarness';

// The registration flow driven over the real server's API, for the public pages that sit on
// its steps (pricing, create-password).

export const GLOBEX = {
  companyName: 'Globex Corporation',
  site: 'globex',
  fullName: 'Hank Scorpio',
  email: 'hank@globex.example',
  username: 'hank',
};

/** Registers `registration` and has the platform admin approve it; answers the pricing token. */
export async function approvedRegistration(
  server: PlatformServer,
  registration = GLOBEX,
): Promise<string> {
  const registered = await call(server, 'POST', '/api/v1/register', { body: registration });
  if (registered.status !== 200) throw new Error(`register: ${JSON.stringify(registered.json)}`);
  const registrationId = Number(registered.headers.get('location')?.split('/').pop());
  const approved = await call(server, 'POST', `/api/v1/registrations/${registrationId}/approve`, {
    token: await server.sessionFor('www', 'admin'),
    body: {},
  });
  if (approved.status !== 200) throw new Error(`approve: ${JSON.stringify(approved.json)}`);
  return approved.json.token;
}

/** The id of the plan named `name` on the public pricing list. */
export async function planId(server: PlatformServer, name: string): Promise<number> {
  const plans = await call(server, 'GET', '/api/v1/public/pricingPlans');
  return plans.json.find((plan: { name: string }) => plan.name === name).id;
}

/** Registers, approves and creates the account on the Team plan; answers its new admin. */
export async function createdAccount(server: PlatformServer, registration = GLOBEX) {
  const registrationToken = await approvedRegistration(server, registration);
  const created = await call(server, 'POST', '/node/api/v1/accountRegistrations', {
    body: { plan: await planId(server, 'Team'), registrationToken },
  });
  if (created.status !== 200) throw new Error(`create: ${JSON.stringify(created.json)}`);
  const admin = await server.app.db
    .selectFrom('users')
    .select(['id', 'account_id'])
    .where('id', '=', created.json.id)
    .executeTakeFirstOrThrow();
  return { id: admin.id, accountId: admin.account_id };
}
