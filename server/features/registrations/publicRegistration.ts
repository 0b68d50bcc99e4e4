import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { PUBLIC_BODY_LIMIT } from '../../http/publicForms';
import { hashToken } from '../../http/tokens';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { registrationReceivedText } from '../../mail/messageTexts';
import { platformAccountId } from '../../db/accounts';
import { tokenLookupLimit } from '../../plugins/rateLimits';
import { RESERVED_SITES } from '../../services/reservedSites';
import {
  findRegistrationByTokenHash,
  inTransaction,
  insertPendingRegistration,
  isEmailTaken,
  isSiteTaken,
} from './repository';
import { PUBLIC_REGISTRATION, REGISTER } from './schemas';
import { tokenLimitBeforeValidation } from './tokenLimit';

// The registration form of anonymous visitors, and the lookup the pricing page makes with the
// token of the link the approval message carries. A refused registration answers 400 naming
// the field (site or email); an accepted one `true`, with the address of its
// registration-received page in the Location header.

async function checkRegistration(db: Kysely<Database>, input: { site: string; email: string }) {
  if (RESERVED_SITES.has(input.site)) {
    throw badRequest(`site: "${input.site}" is reserved; choose another name.`, 'site');
  }
  if (await isSiteTaken(db, input.site)) {
    throw badRequest(`site: "${input.site}" is taken; choose another name.`, 'site');
  }
  if (await isEmailTaken(db, input.email)) {
    throw badRequest('email: this e-mail address is already registered.', 'email');
  }
}

export function registerPublicRegistrationRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Each registration e-mails any address given: limited like the token look-ups.
  const registerOptions = {
    ...tokenLimitBeforeValidation(app),
    bodyLimit: PUBLIC_BODY_LIMIT,
    schema: REGISTER,
  };
  typed.post('/api/v1/register', registerOptions, async (request, reply) => {
    const input = request.body;
    const outbox = app.outbox;
    const stored = await inTransaction(app.db, async (trx) => {
      await checkRegistration(trx, input);
      const registrationId = await insertPendingRegistration(trx, input);
      const message = await outbox.store(trx, {
        accountId: await platformAccountId(trx),
        recipient: input.email,
        ...registrationReceivedText(input),
      });
      return { registrationId, send: message.send };
    });
    await stored.send();
    reply.header('location', `/messages/registration-received/${stored.registrationId}`);
    return true as const;
  });

  const lookupOptions = { ...tokenLookupLimit(app), schema: PUBLIC_REGISTRATION };
  typed.get('/api/v1/public/registrations/:token', lookupOptions, async (request) => {
    const row = await findRegistrationByTokenHash(app.db, hashToken(request.params.token));
    if (!row || row.status === 'rejected') throw notFound('Registration');
    return {
      companyName: row.company_name,
      site: row.site,
      email: row.email,
      status: row.status,
      accountCreated: row.account_id !== null,
    };
  });
}
