import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PLATFORM_SSO_REPAIRS,
  type PlatformSsoRepair,
  type PlatformSsoState,
} from '../../../common/api/sso';
import { findSsoSettings } from '../../db/ssoSettings';
import { conflict, notFound } from '../../errors';
import { requireSection } from '../../plugins/auth';
import { findAccountRow } from '../accounts/repository';
import { repairSsoSettings } from './repository';
import { GET_ACCOUNT_SSO, REPAIR_ACCOUNT_SSO } from './schemas';

// A platform admin's view and repair of a tenant's single sign-on (section `accounts`): when
// a tenant turned passwords off and its identity provider broke, nobody of the tenant can sign
// in to fix it. The platform admin sees the state (never the secret) and turns passwords back
// on, or single sign-on off. Both are POSTs under /api/v1/accounts, so the audit log records
// them (server/plugins/audit.ts) with the account's id.

async function stateOf(app: FastifyInstance, accountId: number): Promise<PlatformSsoState> {
  if (!(await findAccountRow(app.db, accountId))) throw notFound('Account');
  const row = await findSsoSettings(app.db, accountId);
  return {
    id: accountId,
    configured: row !== null,
    enabled: Boolean(row?.enabled),
    displayName: row?.display_name ?? '',
    issuer: row?.issuer ?? '',
    passwordSignIn: !row || Boolean(row.password_sign_in),
    hasScimToken: Boolean(row?.scim_token_hash),
    updatedAt: row?.updated_at ?? null,
  };
}

async function repair(app: FastifyInstance, accountId: number, action: PlatformSsoRepair) {
  const before = await stateOf(app, accountId);
  if (!before.configured) {
    throw conflict('This account has no single sign-on settings to repair.');
  }
  await repairSsoSettings(app.db, accountId, action === 'disable');
  return stateOf(app, accountId);
}

export function registerPlatformSsoRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const read = { preValidation: requireSection('accounts', 'read'), schema: GET_ACCOUNT_SSO };
  typed.get('/api/v1/accounts/:id/sso', read, async (request) => stateOf(app, request.params.id));
  const write = requireSection('accounts', 'write');
  for (const action of PLATFORM_SSO_REPAIRS) {
    const options = { preValidation: write, schema: REPAIR_ACCOUNT_SSO[action] };
    typed.post(`/api/v1/accounts/:id/sso/${action}`, options, async (request) =>
      repair(app, request.params.id, action),
    );
  }
}
