import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import type { CreatedEmbedSecret, EmbedClaims } from '../../../common/api/embeds';
import { addUser } from '../authFixtures';
import { createChart, startChartsServer, type ChartsServer } from '../chartsHarness';
import { api, login, type Session } from '../harness';

// The server the embed token tests share: the charts harness with a web build to serve the
// embed pages, a "By region" chart of acme's Sales, a policy holding each viewer to the
// `regions` they carry, and an embedding secret of acme and of globex.

export interface EmbedServer {
  ctx: ChartsServer;
  chartId: number;
  acmeSecret: CreatedEmbedSecret;
  globexSecret: CreatedEmbedSecret;
  close: () => Promise<void>;
}

export const HOUR = 3600;
export const now = () => Math.floor(Date.now() / 1000);

export async function makeSecret(ctx: ChartsServer, admin: Session, label: string) {
  const answer = await api(ctx.base, admin, 'POST', '/api/v1/embedSecrets', { label });
  expect(answer.status).toBe(200);
  return answer.body as CreatedEmbedSecret;
}

type SecretKey = Pick<CreatedEmbedSecret, 'secret' | 'keyId'>;

/** A token signed with `secret`, issued now, expiring in an hour unless `claims` say otherwise. */
export function signEmbed(secret: SecretKey, claims: Partial<EmbedClaims>): Promise<string> {
  const { exp = now() + HOUR, iat = now(), ...rest } = claims;
  return signEmbedAt(secret, rest, { iat, exp });
}

/** A token of `claims` with exactly these times (seconds); no `iat` claim when it is undefined. */
export function signEmbedAt(
  secret: SecretKey,
  claims: Partial<EmbedClaims>,
  times: { iat?: number; exp: number },
): Promise<string> {
  const jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', kid: secret.keyId })
    .setExpirationTime(times.exp);
  if (times.iat !== undefined) jwt.setIssuedAt(times.iat);
  return jwt.sign(new TextEncoder().encode(secret.secret));
}

export async function startEmbedServer(): Promise<EmbedServer> {
  const webDir = mkdtempSync(join(tmpdir(), 'brandboard-embed-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>app</title>');
  const ctx = await startChartsServer('sqlite', { WEB_DIR: webDir });
  const chartId = (await createChart(ctx.base, ctx.acme, 'By region')).id;
  const policy = await api(
    ctx.base,
    ctx.acme.admin,
    'POST',
    `/api/v1/datasets/${ctx.acme.datasetId}/policies`,
    { field: 'region', op: 'in', attribute: 'regions' },
  );
  expect(policy.status).toBe(200);
  const acmeSecret = await makeSecret(ctx, ctx.acme.admin, 'Backend');
  await addUser(ctx.server, ctx.globex.accountId, { username: 'admin', role: 'admin' });
  const globexAdmin = await login(ctx.base, 'globex', 'admin');
  const globexSecret = await makeSecret(ctx, globexAdmin, 'Globex backend');
  const close = async () => {
    await ctx.close();
    rmSync(webDir, { recursive: true, force: true });
  };
  return { ctx, chartId, acmeSecret, globexSecret, close };
}
