import type { EmbedClaims } from '../../model/api/embeds';

// What the embed page reads of its token before the server has checked it: the dashboard to
// ask for and how to look. The server checks the signature on every call; a token that does
// not even decode is treated as an invalid link.

export type EmbedLook = Pick<EmbedClaims, 'dashboardId' | 'theme'> & { origins: string[] };

function base64UrlJson(part: string): unknown {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

export function readEmbedToken(token: string): EmbedLook | null {
  const [, payload] = token.split('.');
  if (!payload) return null;
  try {
    const claims = base64UrlJson(payload) as Partial<EmbedClaims>;
    if (!Number.isInteger(claims.dashboardId)) return null;
    const origins = Array.isArray(claims.origins)
      ? claims.origins.filter((origin) => typeof origin === 'string')
      : [];
    return { dashboardId: claims.dashboardId!, theme: claims.theme, origins };
  } catch {
    return null;
  }
}
