import { DEFAULT_BRAND_COLORS } from '../../../src/model/brand';
import type { FastifyInstance } from 'fastify';
import { hashToken } from '../auth/tokens';
import { nowIso } from '../../db/schema';
import { ApiError, badRequest, conflict } from '../../http/errors';
import { tokenLookupLimit } from '../../plugins/rateLimits';
import { parsePayload } from '../../http/validation';
import { inviteUser } from '../invitations/invitations';
import { PUBLIC_BODY_LIMIT } from './publicRegistration';
import { accountRegistrationSchema } from './schemas';

// The end of the registration flow: the registrant picks a plan on the pricing page (account,
// company profile and an inactive admin without password are created, the registration is
// completed) and gets the create-password link of an invitation (../invitations/invitations.ts), also sent
// to them as a message.

export function registerAccountCreationRoutes(app: FastifyInstance): void {
  app.post(
    '/node/api/v1/accountRegistrations',
    { ...tokenLookupLimit(app), bodyLimit: PUBLIC_BODY_LIMIT },
    async (request) => {
      const input = parsePayload(accountRegistrationSchema, request.body);
      const created = await app.db.transaction().execute(async (trx) => {
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
            primary_color: DEFAULT_BRAND_COLORS.primary,
            secondary_color: DEFAULT_BRAND_COLORS.secondary,
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
          .updateTable('registrations')
          .set({ account_id: account.id })
          .where('id', '=', registration.id)
          .execute();
        const invitation = await inviteUser(app, trx, {
          id: user.id,
          accountId: account.id,
          email: registration.email,
          fullName: registration.full_name,
          username: registration.username,
        });
        return { userId: user.id, ...invitation };
      });
      await created.message.send();
      return {
        id: created.userId,
        status: 'created',
        createPasswordPath: created.createPasswordPath,
      };
    },
  );
}
