import type { ShareLink, ShareLinkRequest } from '../../../common/api/shares';
import { apiUrl, httpRequest } from '../../ui/api/httpClient';

// The share links of one dashboard (editors): list, create (the token comes back once), revoke.

const base = (dashboardId: number) => apiUrl(`/api/v1/dashboards/${dashboardId}/shareLinks`);

export async function listShareLinks(
  dashboardId: number,
  signal?: AbortSignal,
): Promise<ShareLink[]> {
  return (await httpRequest<ShareLink[]>(base(dashboardId), { signal })).data;
}

export async function createShareLink(
  dashboardId: number,
  link: ShareLinkRequest,
): Promise<ShareLink> {
  const answer = await httpRequest<ShareLink>(base(dashboardId), {
    method: 'POST',
    body: JSON.stringify(link),
  });
  return answer.data;
}

export async function revokeShareLink(dashboardId: number, linkId: number): Promise<void> {
  await httpRequest(`${base(dashboardId)}/${linkId}`, { method: 'DELETE' });
}

/** The full address of a link, from the path the server answers (or a full URL as is). */
export function shareLinkAddress(url: string, origin: string = window.location.origin): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The end of the chosen expiry day, as ISO: a link expiring on a day works all that day. */
export function expiryOf(date: string): string | undefined {
  return date ? new Date(`${date}T23:59:59`).toISOString() : undefined;
}
