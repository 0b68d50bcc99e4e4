import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { signEmbedToken } from '../../../sdk/src/signEmbedToken';
import { EMBED_CLAIMS } from '../../../src/model/api/embeds';

// The SDK's signer for a tenant's backend: HS256 with the secret's key id, ten minutes unless
// said, never past 24 hours, and claims the server's schema reads as they were meant.

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
    const day = await signEmbedToken(key, { dashboardId: 3 }, { expiresInSeconds: 24 * 3600 });
    const { payload } = await jwtVerify(day, new TextEncoder().encode(key.secret));
    expect(payload.exp! - payload.iat!).toBe(24 * 3600);
  });
});
