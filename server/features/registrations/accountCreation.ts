import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hashToken } from '../../http/tokens';
import { ApiError, badRequest, conflict } from '../../errors';
import { inviteUser } from '../invitations/invitationService';
import { PUBLIC_BODY_LIMIT } from '../../http/publicForms';
import {
  claimRegistration,
  findActivePlan,
  findRegistrationByTokenHash,
  inTransaction,
  insertRegisteredAccount,
  isSiteOwned,
} from './repository';
import { CREATE_ACCOUNT } from './schemas';
import { tokenLimitBeforeValidation } from './tokenLimit';

// The end of the registration flow: the registrant picks a plan on the pricing page (account,
// company profile and an inactive admin without password are created, the registration is
// completed) and gets the create-password link of an invitation
// (../invitations/invitationService.ts), also sent to them as a message.

export function registerAccountCreationRoutes(app: FastifyInstance): void {
  const options = {
    ...tokenLimitBeforeValidation(app),
    bodyLimit: PUBLIC_BODY_LIMIT,
    schema: CREATE_ACCOUNT,
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/node/api/v1/accountRegistrations', options, async (request) => {
      const input = request.body;
      const created = await inTransaction(app.db, async (trx) => {
        const registration = await findRegistrationByTokenHash(
          trx,
          hashToken(input.registrationToken),
        );
        if (
          !registration ||
          registration.status === 'rejected' ||
          registration.status === 'pending'
        ) {
          throw new ApiError(404, 'Registration not found.', 'registrationToken');
        }
        const plan = await findActivePlan(trx, input.plan);
        if (!plan) throw badRequest('plan: no such pricing plan.', 'plan');
        // Claim the registration first: a concurrent second use matches no row and gets 409.
        if (!(await claimRegistration(trx, registration.id, plan.id))) {
          throw conflict('This registration has already been used.', 'registrationToken');
        }
        if (await isSiteOwned(trx, registration.site)) {
          throw conflict(`The site "${registration.site}" is taken.`, 'site');
        }
        const { accountId, userId } = await insertRegisteredAccount(trx, registration, plan);
        const invitation = await inviteUser(app, trx, {
          id: userId,
          accountId,
          email: registration.email,
          fullName: registration.full_name,
          username: registration.username,
        });
        return { userId, ...invitation };
      });
      await created.message.send();
      return {
        id: created.userId,
        status: 'created' as const,
        createPasswordPath: created.createPasswordPath,
      };
    });
}
