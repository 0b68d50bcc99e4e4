import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { hashToken } from '../auth/tokens';
import { nowIso, type Database } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { registrationReceivedText } from '../../mail/messageTexts';
import { platformAccountId } from '../../mail/outbox';
import { tokenLookupLimit } from '../../plugins/rateLimits';
import { parsePayload } from '../../http/validation';
import { RESERVED_SITES } from './reservedSites';
import { registerSchema } from './schemas';

// The registration form of anonymous visitors, and the lookup the pricing page makes with the
// token of the link the approval message carries. A refused registration answers 400 naming
// the field (site or email); an accepted one `true`, with the address of its
// registration-received page in the Location header.

export const PUBLIC_BODY_LIMIT = 16 * 1024;

/** A site is taken when used by an account or asked for by a registration not rejected. */
async function isSiteTaken(db: Kysely<Database>, site: string): Promise<boolean> {
  if (RESERVED_SITES.has(site)) return true;
  const account = await db
    .selectFrom('accounts')
    .select('id')
    .where('site', '=', site)
    .executeTakeFirst();
  if (account) return true;
  const registration = await db
    .selectFrom('registrations')
    .select('id')
    .where('site', '=', site)
    .where('status', '!=', 'rejected')
    .executeTakeFirst();
  return registration !== undefined;
}

/** An e-mail is taken when a user has it or a registration not rejected asked with it. */
async function isEmailTaken(db: Kysely<Database>, email: string): Promise<boolean> {
  const lower = email.toLowerCase();
  const user = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', lower))
    .executeTakeFirst();
  if (user) return true;
  const registration = await db
    .selectFrom('registrations')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', lower))
    .where('status', '!=', 'rejected')
    .executeTakeFirst();
  return registration !== undefined;
}

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
  const limited = tokenLookupLimit(app);
  // Each registration e-mails any address given: limited like the token look-ups.
  const registerOptions = { ...limited, bodyLimit: PUBLIC_BODY_LIMIT };
  app.post('/api/v1/register', registerOptions, async (request, reply) => {
    const input = parsePayload(registerSchema, request.body);
    const outbox = app.outbox;
    const stored = await app.db.transaction().execute(async (trx) => {
      await checkRegistration(trx, input);
      const registration = await trx
        .insertInto('registrations')
        .values({
          company_name: input.companyName,
          site: input.site,
          full_name: input.fullName,
          email: input.email,
          username: input.username,
          token_hash: null,
          status: 'pending',
          plan_id: null,
          account_id: null,
          created_at: nowIso(),
          reject_reason: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const message = await outbox.store(trx, {
        accountId: await platformAccountId(trx),
        recipient: input.email,
        ...registrationReceivedText(input),
      });
      return { registrationId: registration.id, send: message.send };
    });
    await stored.send();
    reply.header('location', `/messages/registration-received/${stored.registrationId}`);
    return true;
  });

  app.get<{ Params: { token: string } }>(
    '/api/v1/public/registrations/:token',
    limited,
    async (request) => {
      const row = await app.db
        .selectFrom('registrations')
        .select(['company_name', 'site', 'email', 'status', 'account_id'])
        .where('token_hash', '=', hashToken(request.params.token))
        .executeTakeFirst();
      if (!row || row.status === 'rejected') throw notFound('Registration');
      return {
        companyName: row.company_name,
        site: row.site,
        email: row.email,
        status: row.status,
        accountCreated: row.account_id !== null,
      };
    },
  );
}
