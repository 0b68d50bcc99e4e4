import { hkdfSync } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';

// The one-click unsubscribe link of a subscription's e-mail: signed by the server for one
// recipient of one subscription of one account, good for a year (an e-mail is kept long).

const LIFETIME = '365d';
const CLAIMS = z.object({ subscriptionId: z.number().int(), userId: z.number().int() });
export type UnsubscribeClaims = z.infer<typeof CLAIMS>;

const keyOf = (appSecret: string) =>
  new Uint8Array(hkdfSync('sha256', appSecret, 'brandboard', 'unsubscribe-links', 32));
const audienceOf = (accountId: number) => `account:${accountId}`;

export function signUnsubscribeToken(
  appSecret: string,
  accountId: number,
  claims: UnsubscribeClaims,
): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(audienceOf(accountId))
    .setIssuedAt()
    .setExpirationTime(LIFETIME)
    .sign(keyOf(appSecret));
}

export async function checkUnsubscribeToken(
  appSecret: string,
  accountId: number,
  token: string,
): Promise<UnsubscribeClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(appSecret), {
      algorithms: ['HS256'],
      audience: audienceOf(accountId),
    });
    const claims = CLAIMS.safeParse(payload);
    return claims.success ? claims.data : null;
  } catch {
    return null;
  }
}
