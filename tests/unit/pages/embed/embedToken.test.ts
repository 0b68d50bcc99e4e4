import { describe, expect, it } from 'vitest';
import { readEmbedToken } from '../../../../src/pages/embed/embedToken';

// What an embed page reads of its token before the server checks it: the object of its kind
// and how to look. A token of the other kind, of both or of neither is no token of the page.

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenOf = (claims: unknown) => `${part({ alg: 'HS256' })}.${part(claims)}.signature`;
const LOOK = { theme: { mode: 'dark' }, origins: ['https://app.example.com', 7] };

describe('readEmbedToken', () => {
  it("reads a chart's token on the chart page and a dashboard's on the dashboard page", () => {
    expect(readEmbedToken(tokenOf({ chartId: 7, ...LOOK }), 'chart')).toEqual({
      id: 7,
      theme: { mode: 'dark' },
      origins: ['https://app.example.com'],
    });
    expect(readEmbedToken(tokenOf({ dashboardId: 3 }), 'dashboard')).toEqual({
      id: 3,
      theme: undefined,
      origins: [],
    });
  });

  it('refuses the other kind, both ids, neither, and what does not decode', () => {
    expect(readEmbedToken(tokenOf({ chartId: 7 }), 'dashboard')).toBeNull();
    expect(readEmbedToken(tokenOf({ dashboardId: 3 }), 'chart')).toBeNull();
    expect(readEmbedToken(tokenOf({ dashboardId: 3, chartId: 7 }), 'chart')).toBeNull();
    expect(readEmbedToken(tokenOf({ origins: [] }), 'chart')).toBeNull();
    expect(readEmbedToken(tokenOf(null), 'chart')).toBeNull();
    expect(readEmbedToken('not-a-token', 'chart')).toBeNull();
    expect(readEmbedToken('a.%%%.c', 'chart')).toBeNull();
  });
});
