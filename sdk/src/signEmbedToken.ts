import { SignJWT } from 'jose';

// For the tenant's backend (Node): signs an embed token with one of the account's embedding
// secrets (Brandboard's API tokens page makes them and shows each once, with its key id). A
// token shows one dashboard (`dashboardId`, for <brandboard-dashboard>) or one saved chart
// (`chartId`, for <brandboard-chart>), never both.

type AttributeValue = string | number;

interface CommonClaims {
  /** The viewer's attributes, fed to the datasets' row policies. */
  attributes?: Record<string, AttributeValue | AttributeValue[]>;
  /**
   * Filter values the viewer cannot change. On a dashboard token `filterId` names one of the
   * dashboard's filters; on a chart token, a field of the chart's dataset (a date field takes
   * [from, to], any other field one value or several).
   */
  lockedFilters?: Array<{ filterId: string; value: AttributeValue[] }>;
  theme?: { mode?: 'light' | 'dark'; primaryColor?: string };
  /** Origins allowed to frame the page, e.g. https://app.example.com. */
  origins?: string[];
}

/** A token of a dashboard. */
export interface DashboardTokenClaims extends CommonClaims {
  /** The dashboard to show. */
  dashboardId: number;
  chartId?: never;
  /** The filters the viewer may change; without it every filter not locked. */
  editableFilters?: string[];
}

/** A token of one saved chart. */
export interface ChartTokenClaims extends CommonClaims {
  /** The saved chart to show. */
  chartId: number;
  dashboardId?: never;
  /** A chart has no filters a viewer changes. */
  editableFilters?: never;
}

export type EmbedTokenClaims = DashboardTokenClaims | ChartTokenClaims;

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

/** Throws what is wrong with the object `claims` name, as the server would refuse it. */
function checkTarget(claims: EmbedTokenClaims): void {
  const { dashboardId, chartId } = claims as { dashboardId?: unknown; chartId?: unknown };
  if (dashboardId !== undefined && chartId !== undefined) {
    throw new TypeError('Give dashboardId or chartId, not both: a token shows one of them.');
  }
  if (dashboardId === undefined && chartId === undefined) {
    throw new TypeError('Give dashboardId or chartId: the dashboard or the chart to show.');
  }
  const [name, id] = chartId === undefined ? ['dashboardId', dashboardId] : ['chartId', chartId];
  if (!Number.isInteger(id) || (id as number) <= 0) {
    throw new TypeError(`${name}: a positive whole number.`);
  }
  if (chartId !== undefined && claims.editableFilters !== undefined) {
    throw new TypeError('editableFilters: a chart token has no filters a viewer changes.');
  }
}

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
  checkTarget(claims);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', kid: key.keyId, typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + lifetime)
    .sign(new TextEncoder().encode(key.secret));
}
