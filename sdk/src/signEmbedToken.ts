import { SignJWT } from 'jose';

// For the tenant's backend (Node): signs an embed token with one of the account's embedding
// secrets (Brandboard's API tokens page makes them and shows each once, with its key id).

export interface EmbedTokenClaims {
  /** The dashboard to show. */
  dashboardId: number;
  /** The viewer's attributes, fed to the datasets' row policies. */
  attributes?: Record<string, string | number | Array<string | number>>;
  /** Filter values the viewer cannot change. */
  lockedFilters?: Array<{ filterId: string; value: Array<string | number> }>;
  /** The filters the viewer may change; without it every filter not locked. */
  editableFilters?: string[];
  theme?: { mode?: 'light' | 'dark'; primaryColor?: string };
  /** Origins allowed to frame the dashboard, e.g. https://app.example.com. */
  origins?: string[];
}

export interface EmbedSecretKey {
  /** The secret, as Brandboard showed it. */
  secret: string;
  /** Its key id (`keyId`), so the server knows which secret signed. */
  keyId: string;
}

export interface SignOptions {
  /** Seconds the token lives: at most 24 hours; 10 minutes unless said. */
  expiresInSeconds?: number;
}

export const MAX_EXPIRY_SECONDS = 24 * 60 * 60;
const DEFAULT_EXPIRY_SECONDS = 10 * 60;

/** A signed embed token (a JWT, HS256) of `claims`. */
export async function signEmbedToken(
  key: EmbedSecretKey,
  claims: EmbedTokenClaims,
  options: SignOptions = {},
): Promise<string> {
  const lifetime = options.expiresInSeconds ?? DEFAULT_EXPIRY_SECONDS;
  if (!Number.isInteger(lifetime) || lifetime <= 0 || lifetime > MAX_EXPIRY_SECONDS) {
    throw new RangeError(`expiresInSeconds: a whole number from 1 to ${MAX_EXPIRY_SECONDS}.`);
  }
  if (!Number.isInteger(claims.dashboardId) || claims.dashboardId <= 0) {
    throw new TypeError('dashboardId: a positive whole number.');
  }
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', kid: key.keyId, typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + lifetime)
    .sign(new TextEncoder().encode(key.secret));
}
