import * as oidc from 'openid-client';
import { badRequest } from '../../errors';

// The identity provider of an account, through openid-client: its discovery document, the
// authorization URL of a sign-in (PKCE S256, state, nonce) and the code exchange, which checks
// the state, the PKCE verifier, the ID token's signature, issuer, audience and nonce.

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const DISCOVERY_TIMEOUT_SECONDS = 10;

/** The provider's configuration from its discovery document; 400 naming what failed. */
export async function discoverProvider(
  client: ProviderClient,
  allowHttp: boolean,
): Promise<oidc.Configuration> {
  const issuer = new URL(client.issuer);
  if (issuer.protocol !== 'https:' && !allowHttp) {
    throw badRequest('The issuer must be an https:// URL.', 'issuer');
  }
  try {
    return await oidc.discovery(issuer, client.clientId, client.clientSecret, undefined, {
      timeout: DISCOVERY_TIMEOUT_SECONDS,
      execute: allowHttp ? [oidc.allowInsecureRequests] : [],
    });
  } catch (error) {
    throw badRequest(
      `The issuer's discovery document (${issuer.origin}${issuer.pathname.replace(/\/$/, '')}` +
        `/.well-known/openid-configuration) could not be read: ${reasonOf(error)}`,
      'issuer',
    );
  }
}

function reasonOf(error: unknown): string {
  if (
    error instanceof oidc.ClientError &&
    error.code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED'
  ) {
    return 'it names another issuer.';
  }
  if (error instanceof oidc.ClientError) return 'it is not a valid OpenID Connect document.';
  return 'the server did not answer it.';
}

export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function authorizationRequest(
  config: oidc.Configuration,
  redirectUri: string,
): Promise<AuthorizationRequest> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile email',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, state, nonce, codeVerifier };
}

export type Claims = Record<string, unknown>;

/**
 * The ID token's claims after the code exchange (and the userinfo claims, which may carry
 * groups the ID token leaves out); null when the callback, state, nonce or PKCE fail.
 */
export async function exchangeCode(
  config: oidc.Configuration,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<Claims | null> {
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      pkceCodeVerifier: expected.codeVerifier,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) return null;
    const userInfo = config.serverMetadata().userinfo_endpoint
      ? await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)
      : {};
    return { ...userInfo, ...claims };
  } catch {
    return null;
  }
}
