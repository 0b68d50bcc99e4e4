import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { hashToken } from '../../auth/tokens';
import { nowIso, type Database } from '../../db/schema';
import { notFound } from '../../errors';
import { parsePayload } from '../../validation';
import { RESERVED_SITES } from './reservedSites';
import { registerSchema } from './schemas';

// The registration form of anonymous visitors, and the lookup the pricing page makes with the
// token of the link the platform admin sent.

export const PUBLIC_BODY_LIMIT = 16 * 1024;

/** A site is taken when reserved, used by an account, or asked for by an open registration. */
export async function isSiteTaken(db: Kysely<Database>, site: string): Promise<boolean> {
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

export function registerPublicRegistrationRoutes(app: FastifyInstance): void {
  app.post('/api/v1/register', { bodyLimit: PUBLIC_BODY_LIMIT }, async (request) => {
    const input = parsePayload(registerSchema, request.body);
    return app.db.transaction().execute(async (trx) => {
      if (await isSiteTaken(trx, input.site)) return false;
      await trx
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
        })
        .execute();
      return true;
    });
  });

  app.get<{ Params: { token: string } }>('/api/v1/public/registrations/:token', async (request) => {
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
  });
}
