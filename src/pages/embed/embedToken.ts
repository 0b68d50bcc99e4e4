import { embedTargetOf, type EmbedClaims, type EmbedKind } from '../../../common/api/embeds';

// What an embed page reads of its token before the server has checked it: the dashboard or
// chart to ask for and how to look. The server checks the signature on every call; a token
// that does not even decode, or names no object of the page's kind, is an invalid link.

export type EmbedLook = Pick<EmbedClaims, 'theme'> & {
  /** The dashboard's or chart's id. */
  id: number;
  origins: string[];
};

function base64UrlJson(part: string): unknown {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** The look of a token of `kind` (a dashboard's page, a chart's), or null. */
export function readEmbedToken(token: string, kind: EmbedKind): EmbedLook | null {
  const [, payload] = token.split('.');
  if (!payload) return null;
  try {
    // JSON `null` throws here, as a token that does not decode does.
    const claims = base64UrlJson(payload) as Partial<EmbedClaims>;
    const target = embedTargetOf(claims);
    if (target?.kind !== kind) return null;
    const origins = Array.isArray(claims.origins)
      ? claims.origins.filter((origin) => typeof origin === 'string')
      : [];
    return { id: target.id, theme: claims.theme, origins };
  } catch {
    return null;
  }
}
