import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Account } from '../../../common/types';
import type { LoginAnswer } from '../../../common/api/auth';
import type {
  SsoError,
  SsoOverview,
  SsoRole,
  SsoSettings,
  ssoSettingsSchema,
} from '../../../common/api/sso';
import { findSsoSettings, type SsoSettingsRow } from '../../db/ssoSettings';
import { toUser } from '../../db/rows';
import { badRequest, forbidden, unauthorized } from '../../errors';
import { hashToken } from '../../http/tokens';
import { currentUser, requireSection } from '../../plugins/auth';
import { tokenLookupLimit } from '../../plugins/rateLimits';
import { decryptSecret, encryptSecret } from '../../services/secrets';
import { issueSession } from '../auth/repository';
import { findUserRow } from '../users/repository';
import { mappedUser, type ClaimRules } from './claimMapping';
import {
  authorizationRequest,
  discoverProvider,
  exchangeCode,
  providerAccessOf,
} from './openIdProvider';
import { registerPlatformSsoRoutes } from './platformRoutes';
import { provisionUser } from './provisioning';
import { POST_LOGOUT_PATH, providerSignOutUrl } from './signOutService';
import {
  completeSignIn,
  deleteSignIn,
  findOpenSignIn,
  findSessionOfToken,
  insertSignIn,
  keepSessionIdToken,
  saveSsoSettings,
  setScimTokenHash,
  SIGN_IN_TTL_MS,
  takeTicket,
} from './repository';
import {
  CHECK_DISCOVERY,
  GET_SSO,
  PUT_SSO,
  ROTATE_SCIM_TOKEN,
  SIGN_IN_OPTIONS_ROUTE,
  SSO_CALLBACK,
  SSO_SESSION,
  START_SSO,
} from './schemas';

// Single sign-on with OpenID Connect per account: the admin's settings, the public sign-in
// options of a site, and the code flow. /start keeps state, nonce and PKCE verifier in a row
// bound to the browser by an HttpOnly cookie; /callback checks them (openIdProvider.ts),
// finds or creates the user and redirects to the sign-in page with a one-time ticket, which
// the web app trades for a session at /session, as a password sign-in answers one.

const CALLBACK_PATH = '/api/v1/sso/callback';
const COOKIE = 'bb_sso';
const LOGIN_PATH = '/login';

const canRead = requireSection('companies', 'read');
const canWrite = requireSection('companies', 'write');

/** The caller's own account: single sign-on is a tenant's, not the platform's. */
function adminAccountId(request: FastifyRequest): number {
  const user = currentUser(request);
  if (user.role === 'platform-admin') {
    throw forbidden('Single sign-on is set by the administrator of the account.');
  }
  return user.accountId;
}

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function rulesOf(row: SsoSettingsRow): ClaimRules {
  return {
    roleClaim: row.role_claim,
    roleMap: JSON.parse(row.role_map_json) as Record<string, SsoRole>,
    defaultRole: row.default_role as SsoRole,
    attributeClaims: JSON.parse(row.attribute_claims_json) as Record<string, string>,
  };
}

function toSettings(row: SsoSettingsRow): SsoSettings | null {
  if (!row.issuer) return null;
  const rules = rulesOf(row);
  return {
    enabled: Boolean(row.enabled),
    displayName: row.display_name,
    issuer: row.issuer,
    clientId: row.client_id,
    hasClientSecret: row.client_secret_enc !== '',
    roleClaim: rules.roleClaim,
    roleMap: rules.roleMap,
    defaultRole: rules.defaultRole,
    attributeClaims: rules.attributeClaims,
    passwordSignIn: Boolean(row.password_sign_in),
  };
}

async function overviewOf(
  app: FastifyInstance,
  request: FastifyRequest,
  accountId: number,
): Promise<SsoOverview> {
  const row = await findSsoSettings(app.db, accountId);
  const origin = originOf(request);
  return {
    settings: row && toSettings(row),
    redirectUri: `${origin}${CALLBACK_PATH}`,
    postLogoutRedirectUri: `${origin}${POST_LOGOUT_PATH}`,
    scimBaseUrl: `${origin}/scim/v2`,
    hasScimToken: Boolean(row?.scim_token_hash),
  };
}

type SettingsInput = z.output<typeof ssoSettingsSchema>;

async function saveSettings(
  app: FastifyInstance,
  accountId: number,
  input: SettingsInput,
): Promise<void> {
  const existing = await findSsoSettings(app.db, accountId);
  const secret = input.clientSecret ?? '';
  let secretEnc = existing?.client_secret_enc ?? '';
  if (secret !== '') secretEnc = encryptSecret(secret, app.config.appSecret);
  if (secretEnc === '') throw badRequest('The client secret is required.', 'clientSecret');
  if (input.enabled) {
    await discoverProvider(
      {
        issuer: input.issuer,
        clientId: input.clientId,
        clientSecret: secret || decryptSecret(secretEnc, app.config.appSecret),
      },
      providerAccessOf(app.config),
    );
  }
  await saveSsoSettings(app.db, accountId, {
    enabled: input.enabled ? 1 : 0,
    display_name: input.displayName,
    issuer: input.issuer,
    client_id: input.clientId,
    client_secret_enc: secretEnc,
    role_claim: input.roleClaim,
    role_map_json: JSON.stringify(input.roleMap),
    default_role: input.defaultRole,
    attribute_claims_json: JSON.stringify(input.attributeClaims),
    // Passwords can only be turned off while single sign-on is on.
    password_sign_in: input.passwordSignIn || !input.enabled ? 1 : 0,
  });
}

function registerSettingsRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/v1/sso', { preValidation: canRead, schema: GET_SSO }, async (request) => {
    return overviewOf(app, request, adminAccountId(request));
  });

  typed.put('/api/v1/sso', { preValidation: canWrite, schema: PUT_SSO }, async (request) => {
    const accountId = adminAccountId(request);
    await saveSettings(app, accountId, request.body);
    return overviewOf(app, request, accountId);
  });

  const check = { preValidation: canWrite, schema: CHECK_DISCOVERY };
  typed.post('/api/v1/sso/discovery', check, async (request) => {
    adminAccountId(request);
    const config = await discoverProvider(
      { issuer: request.body.issuer, clientId: 'discovery-check', clientSecret: '' },
      providerAccessOf(app.config),
    );
    const metadata = config.serverMetadata();
    return {
      issuer: metadata.issuer,
      authorizationEndpoint: metadata.authorization_endpoint ?? '',
      tokenEndpoint: metadata.token_endpoint ?? '',
    };
  });

  const rotate = { preValidation: canWrite, schema: ROTATE_SCIM_TOKEN };
  typed.post('/api/v1/sso/scimToken', rotate, async (request, reply) => {
    const accountId = adminAccountId(request);
    const token = `scim_${randomBytes(32).toString('base64url')}`;
    await setScimTokenHash(app.db, accountId, hashToken(token));
    return reply.header('Cache-Control', 'no-store').send({ token });
  });
}

/** The account's settings when single sign-on is on, else null. */
async function enabledSettings(app: FastifyInstance, account: Account | null) {
  if (!account?.active) return null;
  const row = await findSsoSettings(app.db, account.id);
  return row?.enabled ? row : null;
}

function cookieValue(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

function signInCookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${COOKIE}=${value}; Path=/api/v1/sso; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

function backToSignIn(reply: FastifyReply, query: Record<string, string>) {
  return reply.redirect(`${LOGIN_PATH}?${new URLSearchParams(query).toString()}`, 303);
}

function failed(request: FastifyRequest, reply: FastifyReply, error: SsoError) {
  reply.header('Set-Cookie', signInCookie(request, '', 0));
  return backToSignIn(reply, { ssoError: error });
}

function registerFlowRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/api/v1/signInOptions', { schema: SIGN_IN_OPTIONS_ROUTE }, async (request) => {
    const settings = await enabledSettings(app, request.account);
    return {
      password: !settings || Boolean(settings.password_sign_in),
      sso: settings && { displayName: settings.display_name },
    };
  });

  const navigation = { config: { browserNavigation: true } };
  typed.get('/api/v1/sso/start', { ...navigation, schema: START_SSO }, async (request, reply) => {
    const settings = await enabledSettings(app, request.account);
    if (!settings) return failed(request, reply, 'not-configured');
    const config = await discoverProvider(
      {
        issuer: settings.issuer,
        clientId: settings.client_id,
        clientSecret: decryptSecret(settings.client_secret_enc, app.config.appSecret),
      },
      providerAccessOf(app.config),
    ).catch(() => null);
    if (!config) return failed(request, reply, 'provider');
    const authorization = await authorizationRequest(
      config,
      `${originOf(request)}${CALLBACK_PATH}`,
    );
    const browserKey = randomBytes(32).toString('base64url');
    await insertSignIn(app.db, {
      accountId: settings.account_id,
      browserKeyHash: hashToken(browserKey),
      state: authorization.state,
      nonce: authorization.nonce,
      codeVerifier: authorization.codeVerifier,
    });
    reply.header('Set-Cookie', signInCookie(request, browserKey, SIGN_IN_TTL_MS / 1000));
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(authorization.url.href, 303);
  });

  typed.get(CALLBACK_PATH, { ...navigation, schema: SSO_CALLBACK }, async (request, reply) => {
    const settings = await enabledSettings(app, request.account);
    if (!settings) return failed(request, reply, 'not-configured');
    if (request.query.error) return failed(request, reply, 'provider');
    const browserKey = cookieValue(request, COOKIE);
    const signIn =
      browserKey && (await findOpenSignIn(app.db, settings.account_id, hashToken(browserKey)));
    if (!signIn) return failed(request, reply, 'expired');
    const config = await discoverProvider(
      {
        issuer: settings.issuer,
        clientId: settings.client_id,
        clientSecret: decryptSecret(settings.client_secret_enc, app.config.appSecret),
      },
      providerAccessOf(app.config),
    ).catch(() => null);
    if (!config) return failed(request, reply, 'provider');
    const exchanged = await exchangeCode(config, new URL(request.url, originOf(request)), {
      state: signIn.state,
      nonce: signIn.nonce,
      codeVerifier: signIn.code_verifier,
    });
    if (!exchanged) {
      await deleteSignIn(app.db, signIn.id);
      return failed(request, reply, 'state');
    }
    const outcome = await provisionUser(
      app.db,
      settings.account_id,
      mappedUser(exchanged.claims, rulesOf(settings)),
    );
    if ('error' in outcome) {
      await deleteSignIn(app.db, signIn.id);
      return failed(request, reply, outcome.error);
    }
    const ticket = randomBytes(32).toString('base64url');
    await completeSignIn(app.db, signIn.id, outcome.userId, hashToken(ticket), exchanged.idToken);
    reply.header('Set-Cookie', signInCookie(request, '', 0));
    return backToSignIn(reply, { ssoTicket: ticket });
  });

  const session = { ...tokenLookupLimit(app), schema: SSO_SESSION };
  typed.post('/api/v1/sso/session', session, async (request, reply) => {
    const account = request.account;
    if (!account?.active) throw unauthorized('This sign-in has expired: sign in again.');
    const taken = await takeTicket(app.db, account.id, hashToken(request.body.ticket));
    const row = taken === null ? undefined : await findUserRow(app.db, taken.userId);
    if (!row) throw unauthorized('This sign-in has expired: sign in again.');
    if (!row.active) throw forbidden('This user is not active.');
    const token = await issueSession(app.db, row.id, account.id, app.config.sessionTtlMs);
    if (taken?.idToken) await keepIdToken(app, token, taken.idToken);
    const answer: LoginAnswer = { token, user: toUser(row, account.site) };
    return reply.header('Cache-Control', 'no-store').send(answer);
  });
}

/** Keeps the session's ID token, for the sign-out at the provider (signOutService.ts). */
async function keepIdToken(app: FastifyInstance, token: string, idToken: string) {
  const session = await findSessionOfToken(app.db, hashToken(token));
  if (session) await keepSessionIdToken(app.db, session.id, idToken, session.expires_at);
}

export function registerSsoRoutes(app: FastifyInstance): void {
  // After the auth routes (server/app.ts): a session of single sign-on signs out at the
  // provider too.
  app.signOutSteps.push(async (request, sessionId) => {
    const endSessionUrl = await providerSignOutUrl(app, request, sessionId);
    return endSessionUrl ? { endSessionUrl } : {};
  });
  registerSettingsRoutes(app);
  registerPlatformSsoRoutes(app);
  registerFlowRoutes(app);
}
