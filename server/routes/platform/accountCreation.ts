import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashPassword } from '../../auth/passwords';
import { hashToken, newToken } from '../../auth/tokens';
import { bearerToken } from '../../plugins/auth';
import { nowIso } from '../../db/schema';
import { ApiError, badRequest, conflict } from '../../errors';
import { parsePayload } from '../../validation';
import { PUBLIC_BODY_LIMIT } from './publicRegistration';
import { platformSettings } from './settings';
import { accountRegistrationSchema, createPasswordSchema } from './schemas';

// The end of the registration flow: the registrant picks a plan on the pricing page (account,
// company profile and an inactive admin without password are created), sets a password with
// the one-time activation token, and is sent to the sign-in page of the new site.

const ACTIVATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const DEFAULT_COLORS = { primary: '#1976d2', secondary: '#9c27b0' };

export function registerAccountCreationRoutes(app: FastifyInstance): void {
  const settings = platformSettings(app);

  app.post(
    '/node/api/v1/accountRegistrations',
    { bodyLimit: PUBLIC_BODY_LIMIT },
    async (request) => {
      const input = parsePayload(accountRegistrationSchema, request.body);
      const activationToken = newToken();
      const userId = await app.db.transaction().execute(async (trx) => {
        const registration = await trx
          .selectFrom('registrations')
          .selectAll()
          .where('token_hash', '=', hashToken(input.registrationToken))
          .executeTakeFirst();
        if (
          !registration ||
          registration.status === 'rejected' ||
          registration.status === 'pending'
        ) {
          throw new ApiError(404, 'Registration not found.', 'registrationToken');
        }
        const plan = await trx
          .selectFrom('pricing_plans')
          .select(['id', 'name'])
          .where('id', '=', input.plan)
          .where('active', '=', 1)
          .executeTakeFirst();
        if (!plan) throw badRequest('plan: no such pricing plan.', 'plan');
        // Claim the registration first: a concurrent second use matches no row and gets 409.
        const claimed = await trx
          .updateTable('registrations')
          .set({ status: 'completed', plan_id: plan.id })
          .where('id', '=', registration.id)
          .where('account_id', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) {
          throw conflict('This registration has already been used.', 'registrationToken');
        }
        const siteOwner = await trx
          .selectFrom('accounts')
          .select('id')
          .where('site', '=', registration.site)
          .executeTakeFirst();
        if (siteOwner) throw conflict(`The site "${registration.site}" is taken.`, 'site');

        const now = nowIso();
        const account = await trx
          .insertInto('accounts')
          .values({
            site: registration.site,
            name: registration.company_name,
            plan: plan.name,
            plan_id: plan.id,
            active: 1,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('company_profiles')
          .values({
            account_id: account.id,
            name: registration.company_name,
            website: '',
            primary_color: DEFAULT_COLORS.primary,
            secondary_color: DEFAULT_COLORS.secondary,
            logo: null,
            logo_mime: null,
          })
          .execute();
        const user = await trx
          .insertInto('users')
          .values({
            account_id: account.id,
            username: registration.username,
            full_name: registration.full_name,
            email: registration.email,
            role: 'admin',
            active: 0,
            // No password until the activation step; an empty hash never verifies.
            password_hash: '',
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('activation_tokens')
          .values({
            user_id: user.id,
            account_id: account.id,
            token_hash: hashToken(activationToken),
            expires_at: new Date(Date.now() + ACTIVATION_TTL_MS).toISOString(),
            used_at: null,
          })
          .execute();
        await trx
          .updateTable('registrations')
          .set({ account_id: account.id })
          .where('id', '=', registration.id)
          .execute();
        return user.id;
      });
      return { id: userId, status: 'created', activationToken };
    },
  );

  app.post('/api/v1/createPassword', { bodyLimit: PUBLIC_BODY_LIMIT }, async (request) => {
    const input = parsePayload(createPasswordSchema, request.body);
    const activation = await app.db
      .selectFrom('activation_tokens')
      .selectAll()
      .where('token_hash', '=', hashToken(input.token))
      .where('user_id', '=', input.id)
      .executeTakeFirst();
    if (!activation || activation.expires_at <= nowIso()) {
      throw new ApiError(404, 'This activation link is not valid or has expired.', 'token');
    }
    if (activation.used_at !== null) {
      throw conflict('A password has already been set with this link.', 'token');
    }
    const passwordHash = await hashPassword(input.password, settings.scrypt);
    await app.db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('activation_tokens')
        .set({ used_at: nowIso() })
        .where('id', '=', activation.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) {
        throw conflict('A password has already been set with this link.', 'token');
      }
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, active: 1 })
        .where('id', '=', activation.user_id)
        .where('account_id', '=', activation.account_id)
        .execute();
    });
    return { ok: true };
  });

  app.post('/api/v1/verifyAndRedirectAccount', async (request) => {
    const token = bearerToken(request);
    if (!token) throw new ApiError(401, 'The activation token is missing.');
    const row = await app.db
      .selectFrom('activation_tokens')
      .innerJoin('accounts', 'accounts.id', 'activation_tokens.account_id')
      .innerJoin('users', 'users.id', 'activation_tokens.user_id')
      .select([
        'accounts.site',
        'activation_tokens.used_at',
        'activation_tokens.expires_at',
        'users.active',
      ])
      .where('activation_tokens.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row || row.expires_at <= nowIso()) {
      throw new ApiError(401, 'The activation token is not valid or has expired.');
    }
    if (row.used_at === null || !row.active) {
      throw conflict('Create a password before signing in.');
    }
    return { site: row.site, redirectUrl: signInUrl(request, row.site, settings.baseDomain) };
  });
}

/** `http://<site>.<BASE_DOMAIN>[:<port>]/login`, on the port the browser used. */
function signInUrl(request: FastifyRequest, site: string, baseDomain: string): string {
  const port = /:(\d+)$/.exec(request.headers.host ?? '')?.[1];
  const portPart = port ? `:${port}` : '';
  return `${request.protocol}://${site}.${baseDomain}${portPart}/login`;
}
