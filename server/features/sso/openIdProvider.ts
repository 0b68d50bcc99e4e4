import * as oidc from 'openid-client';
import type { Config } from '../../config';
import { badRequest } from '../../errors';
import { outboundUrlRefusal } from '../../services/outboundUrls';

// The identity provider of an account, through openid-client: its discovery document, the
// authorization URL of a sign-in (PKCE S256, state, nonce) and the code exchange, which checks
// the state, the PKCE verifier, the ID token's signature, issuer, audience and nonce.

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const DISCOVERY_TIMEOUT_SECONDS = 10;

/** What the operator lets identity providers be: plain http, hosts on private addresses. */
export interface ProviderAccess {
  allowHttp: boolean;
  allowedHosts: string[];
}

export function providerAccessOf(
  config: Pick<Config, 'ssoAllowHttpIssuers' | 'ssoAllowedHosts'>,
): ProviderAccess {
  return { allowHttp: config.ssoAllowHttpIssuers, allowedHosts: config.ssoAllowedHosts };
}

class OutboundRefused extends Error {}

/**
 * fetch for every request to the provider (discovery, keys, token, userinfo): an admin sets the
 * issuer, and its discovery document names the other endpoints, so each is checked like a
 * webhook's address before it is asked.
 */
function guardedFetch(allowedHosts: string[]): oidc.CustomFetch {
  return async (url, options) => {
    const refusal = await outboundUrlRefusal(new URL(url), allowedHosts);
    if (refusal) throw new OutboundRefused(refusal.reason);
    return fetch(url, options as RequestInit);
  };
}

/** The provider's configuration from its discovery document; 400 naming what failed. */
export async function discoverProvider(
  client: ProviderClient,
  access: ProviderAccess,
): Promise<oidc.Configuration> {
  const issuer = new URL(client.issuer);
  if (issuer.protocol !== 'https:' && !access.allowHttp) {
    throw badRequest('The issuer must be an https:// URL.', 'issuer');
  }
  const refusal = await outboundUrlRefusal(issuer, access.allowedHosts);
  if (refusal) {
    const hint = refusal.listable ? '; the operator must list it in SSO_ALLOWED_HOSTS.' : '';
    throw badRequest(`${refusal.reason}${hint}`, 'issuer');
  }
  const fetchChecked = guardedFetch(access.allowedHosts);
  try {
    const config = await oidc.discovery(issuer, client.clientId, client.clientSecret, undefined, {
      timeout: DISCOVERY_TIMEOUT_SECONDS,
      execute: access.allowHttp ? [oidc.allowInsecureRequests] : [],
      [oidc.customFetch]: fetchChecked,
    });
    config[oidc.customFetch] = fetchChecked;
    return config;
  } catch (error) {
    throw badRequest(
      `The issuer's discovery document (${issuer.origin}${issuer.pathname.replace(/\/$/, '')}` +
        `/.well-known/openid-configuration) could not be read: ${reasonOf(error)}`,
      'issuer',
    );
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof OutboundRefused)
    return `it sent us to a refused address (${error.message}).`;
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
): Promise<{ claims: Claims; idToken: string | null } | null> {
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
    return { claims: { ...userInfo, ...claims }, idToken: tokens.id_token ?? null };
  } catch {
    return null;
  }
}

/**
 * The provider's sign-out address for a session signed in with `idToken` (RP-initiated
 * logout), back to `postLogoutRedirectUri`; null when the provider advertises no
 * end_session_endpoint.
 */
export function endSessionUrl(
  config: oidc.Configuration,
  idToken: string,
  postLogoutRedirectUri: string,
): string | null {
  if (!config.serverMetadata().end_session_endpoint) return null;
  return oidc.buildEndSessionUrl(config, {
    id_token_hint: idToken,
    post_logout_redirect_uri: postLogoutRedirectUri,
  }).href;
}
