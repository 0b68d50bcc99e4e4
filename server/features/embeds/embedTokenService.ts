import { decodeProtectedHeader, errors, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import {
  EMBED_CLAIMS,
  EMBED_TOKEN_MAX_SECONDS,
  type VerifiedEmbedClaims,
} from '../../../common/api/embeds';
import type { InvalidLinkReason } from '../../../common/api/shares';
import type { Database } from '../../db/schema';
import type { Viewer } from '../../query/compile/rowPolicies';
import { decryptSecret } from '../../services/secrets';
import { findSecret, secretsOf, type EmbedSecretRow } from './repository';

// The check of an embed token: a JWT signed with HS256 (no other algorithm, never `none`) by
// one of the account's live embedding secrets (its `kid`, or each live one), not expired nor
// before its time, issued (`iat`) no later than a minute from now, living at most 24 h from
// `iat` to `exp`, whose claims are well-formed. Anything else is refused with the reason the
// message page shows; a signed token whose claims are wrong also with what is wrong (its
// signer is the tenant's backend, which may be told).

export type EmbedCheck =
  { claims: VerifiedEmbedClaims } | { reason: InvalidLinkReason; detail?: string };

/** A JWT's three base64url parts: how the share routes tell an embed token from a link's. */
export function looksLikeJwt(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);
}

/** How far ahead of this server's clock a token's `iat` may be (the signer's clock skew). */
const CLOCK_SKEW_SECONDS = 60;

const keyOf = (row: EmbedSecretRow, appSecret: string) =>
  new TextEncoder().encode(decryptSecret(row.secret_enc, appSecret));

/** The secrets the token may be signed with: the one its `kid` names, else every live one. */
async function candidateSecrets(
  db: Kysely<Database>,
  accountId: number,
  token: string,
): Promise<EmbedSecretRow[] | 'revoked'> {
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    return [];
  }
  if (kid === undefined) return (await secretsOf(db, accountId)).filter((r) => !r.revoked_at);
  const id = /^\d{1,15}$/.test(kid) ? Number(kid) : 0;
  const row = id ? await findSecret(db, accountId, id) : undefined;
  if (!row) return [];
  return row.revoked_at ? 'revoked' : [row];
}

async function verifiedPayload(token: string, keys: Uint8Array[]) {
  let last: unknown = new Error('no key');
  for (const key of keys) {
    try {
      // Not jose's clockTolerance, which would also keep a token a minute past its `exp`, nor
      // its maxTokenAge, which bounds now - iat rather than exp - iat: see timesProblem.
      const options = { algorithms: ['HS256'], requiredClaims: ['exp', 'iat'] };
      return (await jwtVerify(token, key, options)).payload;
    } catch (error) {
      last = error;
      if (error instanceof errors.JWTExpired || error instanceof errors.JWTClaimValidationFailed) {
        break;
      }
    }
  }
  throw last;
}

export async function checkEmbedToken(
  db: Kysely<Database>,
  appSecret: string,
  accountId: number,
  token: string,
): Promise<EmbedCheck> {
  const secrets = await candidateSecrets(db, accountId, token);
  if (secrets === 'revoked') return { reason: 'revoked' };
  let payload;
  try {
    payload = await verifiedPayload(
      token,
      secrets.map((row) => keyOf(row, appSecret)),
    );
  } catch (error) {
    return refusalOf(error);
  }
  const claims = EMBED_CLAIMS.safeParse(payload);
  if (!claims.success) {
    const [issue] = claims.error.issues;
    const detail = issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
    return { reason: 'invalid', detail };
  }
  const detail = timesProblem(claims.data, Math.floor(Date.now() / 1000));
  return detail ? { reason: 'invalid', detail } : { claims: claims.data };
}

/** What jose's refusals of a claim missing or not a number tell the token's signer. */
const CLAIM_FAULTS: Partial<Record<string, string>> = {
  missing: 'is required',
  invalid: 'must be a number of seconds',
};

/** The refusal of a token jose refused: expired, or invalid (saying why when it is a claim). */
function refusalOf(error: unknown): EmbedCheck {
  if (error instanceof errors.JWTExpired) return { reason: 'expired' };
  if (!(error instanceof errors.JWTClaimValidationFailed)) return { reason: 'invalid' };
  const fault = CLAIM_FAULTS[error.reason];
  return fault ? { reason: 'invalid', detail: `${error.claim}: ${fault}` } : { reason: 'invalid' };
}

/** What is wrong with a token's issue and expiry times at `now` (seconds), if anything. */
function timesProblem(claims: { iat: number; exp: number }, now: number): string | undefined {
  if (claims.iat > now + CLOCK_SKEW_SECONDS) {
    return "iat: in the future (at most a minute ahead of the server's clock)";
  }
  if (claims.exp - claims.iat > EMBED_TOKEN_MAX_SECONDS) return 'exp: at most 24 hours after iat';
  return undefined;
}

/** What a refused embed token is told: what is wrong with its claims, when that is known. */
export function embedRefusalMessage(detail: string | undefined): string | undefined {
  return detail === undefined ? undefined : `This embed token is not valid: ${detail}.`;
}

/** Whom an embed token's viewer is to the row policies: a viewer with its attributes. */
export function embedViewer(claims: VerifiedEmbedClaims): Viewer {
  return { roles: ['viewer'], attributes: claims.attributes };
}
