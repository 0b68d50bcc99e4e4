import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { signEmbedToken, type EmbedTokenClaims } from '../../../sdk/src/signEmbedToken';
import { EMBED_CLAIMS, embedTargetOf } from '../../../common/api/embeds';

// The SDK's signer for a tenant's backend: HS256 with the secret's key id, ten minutes unless
// said, never past 24 hours, one dashboard or one chart, and claims the server's schema reads
// as they were meant.

const key = { secret: 'a-secret-of-the-tenant-32-bytes-long!', keyId: '7' };

describe('signEmbedToken', () => {
  it('signs HS256 with the key id, and the server reads the claims as given', async () => {
    const claims = {
      dashboardId: 3,
      attributes: { region: 'North', customers: [41, 42] },
      lockedFilters: [{ filterId: 'year', value: [2024] }],
      editableFilters: ['region'],
      theme: { mode: 'dark' as const, primaryColor: '#123456' },
      origins: ['https://app.example.com'],
    };
    const token = await signEmbedToken(key, claims);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS256', kid: '7' });
    const { payload } = await jwtVerify(token, new TextEncoder().encode(key.secret));
    expect(payload.exp! - payload.iat!).toBe(600);
    expect(EMBED_CLAIMS.parse(payload)).toMatchObject(claims);
  });

  it('refuses a lifetime past 24 hours or a dashboard id that is not one', async () => {
    await expect(
      signEmbedToken(key, { dashboardId: 3 }, { expiresInSeconds: 24 * 3600 + 1 }),
    ).rejects.toThrow(/expiresInSeconds/);
    await expect(signEmbedToken(key, { dashboardId: 0 })).rejects.toThrow(/dashboardId/);
    await expect(signEmbedToken(key, { chartId: 1.5 })).rejects.toThrow(/chartId/);
    const day = await signEmbedToken(key, { dashboardId: 3 }, { expiresInSeconds: 24 * 3600 });
    const { payload } = await jwtVerify(day, new TextEncoder().encode(key.secret));
    expect(payload.exp! - payload.iat!).toBe(24 * 3600);
  });

  it('signs a chart token the server reads as one, and refuses both ids, neither, or editable filters', async () => {
    const claims = {
      chartId: 9,
      attributes: { region: 'North' },
      lockedFilters: [{ filterId: 'day', value: ['2024-01-01', '2024-01-31'] }],
      origins: ['https://app.example.com'],
    };
    const token = await signEmbedToken(key, claims);
    const { payload } = await jwtVerify(token, new TextEncoder().encode(key.secret));
    const read = EMBED_CLAIMS.parse(payload);
    expect(read).toMatchObject(claims);
    expect(embedTargetOf(read)).toEqual({ kind: 'chart', id: 9 });

    const both = { dashboardId: 3, chartId: 9 } as unknown as EmbedTokenClaims;
    await expect(signEmbedToken(key, both)).rejects.toThrow(/dashboardId or chartId, not both/);
    const neither = {} as unknown as EmbedTokenClaims;
    await expect(signEmbedToken(key, neither)).rejects.toThrow(/dashboardId or chartId/);
    const editable = { chartId: 9, editableFilters: ['day'] } as unknown as EmbedTokenClaims;
    await expect(signEmbedToken(key, editable)).rejects.toThrow(/editableFilters/);
  });

  it('is refused by the server with what is wrong when a token names both ids or neither', () => {
    const times = { iat: 1_900_000_000, exp: 1_900_000_060 };
    const both = EMBED_CLAIMS.safeParse({ dashboardId: 3, chartId: 9, ...times });
    expect(both.error?.issues.map((issue) => issue.message)).toEqual([
      'give dashboardId or chartId, not both',
    ]);
    const neither = EMBED_CLAIMS.safeParse(times);
    expect(neither.error?.issues.map((issue) => issue.message)).toEqual([
      'give dashboardId or chartId',
    ]);
    expect(embedTargetOf({ dashboardId: 3 })).toEqual({ kind: 'dashboard', id: 3 });
    expect(embedTargetOf({ dashboardId: 3, chartId: 9 })).toBeNull();
    expect(embedTargetOf({ chartId: '9' })).toBeNull();
  });
});
