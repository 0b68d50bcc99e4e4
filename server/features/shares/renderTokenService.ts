import { hkdfSync } from 'node:crypto';
import { SignJWT, decodeProtectedHeader, jwtVerify } from 'jose';
import { z } from 'zod';
import { dashboardFilterValueSchema } from '../../../common/api/dashboards';
import { POLICY_ROLES, USER_ATTRIBUTES } from '../../../common/api/rowPolicies';
import type { Viewer } from '../../query/compile/rowPolicies';

// A render token: what the server's own headless browser carries to open a dashboard's shared
// page as one viewer (a user exporting it, a subscription's recipient). It is signed by the
// server with a key of its own (derived from APP_SECRET, never a tenant's embedding secret),
// names one account and one dashboard, holds the viewer the row policies see and the filter
// values to apply, and lives a few minutes: long enough to render, too short to pass around.

const RENDER_TOKEN_TYPE = 'brandboard-render';
const DEFAULT_LIFETIME_SECONDS = 300;

const RENDER_CLAIMS = z.object({
  dashboardId: z.number().int().positive(),
  roles: z.array(z.enum(POLICY_ROLES)).min(1),
  attributes: USER_ATTRIBUTES,
  filters: z.array(dashboardFilterValueSchema),
});
export type RenderClaims = z.infer<typeof RENDER_CLAIMS>;

function keyOf(appSecret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', appSecret, 'brandboard', 'render-tokens', 32));
}

const audienceOf = (accountId: number) => `account:${accountId}`;

/** True when `token` is a render token (its header says so), not an embed token. */
export function isRenderToken(token: string): boolean {
  try {
    return decodeProtectedHeader(token).typ === RENDER_TOKEN_TYPE;
  } catch {
    return false;
  }
}

export function signRenderToken(
  appSecret: string,
  accountId: number,
  claims: RenderClaims,
  lifetimeSeconds = DEFAULT_LIFETIME_SECONDS,
): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: RENDER_TOKEN_TYPE })
    .setAudience(audienceOf(accountId))
    .setIssuedAt()
    .setExpirationTime(`${lifetimeSeconds}s`)
    .sign(keyOf(appSecret));
}

/** The claims of a valid render token of this account, or null (forged, expired, another's). */
export async function checkRenderToken(
  appSecret: string,
  accountId: number,
  token: string,
): Promise<RenderClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(appSecret), {
      algorithms: ['HS256'],
      typ: RENDER_TOKEN_TYPE,
      audience: audienceOf(accountId),
      requiredClaims: ['exp'],
    });
    const claims = RENDER_CLAIMS.safeParse(payload);
    return claims.success ? claims.data : null;
  } catch {
    return null;
  }
}

/** Whom a render token's page shows the rows of. */
export function renderViewer(claims: RenderClaims): Viewer {
  return { roles: claims.roles, attributes: claims.attributes };
}
