import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findSsoSettings } from '../../db/ssoSettings';
import { decryptSecret } from '../../services/secrets';
import { discoverProvider, endSessionUrl, providerAccessOf } from './openIdProvider';
import { takeSessionIdToken } from './repository';

// Sign-out at the identity provider (RP-initiated logout): a session opened by single sign-on
// kept its ID token; when it signs out, the web app is sent to the provider's
// end_session_endpoint with it as id_token_hint, and back to the site's sign-in page.

/** The sign-in page the provider sends the browser back to (registered at the provider). */
export const POST_LOGOUT_PATH = '/login';

/**
 * The provider's sign-out address for the session of `request`, or null: a password session,
 * single sign-on since turned off, or a provider that is away or advertises no
 * end_session_endpoint (the session here ends all the same).
 */
export async function providerSignOutUrl(
  app: FastifyInstance,
  request: FastifyRequest,
  sessionId: number,
): Promise<string | null> {
  const idToken = await takeSessionIdToken(app.db, sessionId);
  const account = request.account;
  if (!idToken || !account?.active) return null;
  const settings = await findSsoSettings(app.db, account.id);
  if (!settings?.enabled) return null;
  const config = await discoverProvider(
    {
      issuer: settings.issuer,
      clientId: settings.client_id,
      clientSecret: decryptSecret(settings.client_secret_enc, app.config.appSecret),
    },
    providerAccessOf(app.config),
  ).catch(() => null);
  if (!config) return null;
  return endSessionUrl(config, idToken, `${request.protocol}://${request.host}${POST_LOGOUT_PATH}`);
}
