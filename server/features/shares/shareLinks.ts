import type { Kysely } from 'kysely';
import type { DashboardFilterValue } from '../../../common/charts';
import type { InvalidLinkReason, ShareLink } from '../../../common/api/shares';
import { hashToken } from '../../http/tokens';
import { nowIso, type Database } from '../../db/schema';
import { parseAttributes } from '../policies/repository';
import { findShareLinkByTokenHash, type ShareLinkRow } from './repository';

// Share links of dashboards: rows -> API records, and the check of a link's token as the
// bearer of the public share API.

function parseValues(json: string): DashboardFilterValue[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as DashboardFilterValue[]) : [];
  } catch {
    return [];
  }
}

export function toShareLink(row: ShareLinkRow): ShareLink {
  return {
    id: row.id,
    dashboardId: row.dashboard_id,
    label: row.label,
    frozenFilters: parseValues(row.frozen_filters_json),
    attributes: parseAttributes(row.attributes_json),
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    createdAt: row.created_at,
  };
}

export const shareUrl = (dashboardId: number, token: string) =>
  `/share/dashboards/${dashboardId}/${token}`;

type LinkCheck = { link: ShareLinkRow } | { reason: InvalidLinkReason };

/**
 * The link `token` opens, when it is a live link of `dashboardId` in `accountId` (the site
 * of the request). Anything else is 'invalid', except a matching link that was revoked or
 * has expired.
 */
export async function checkShareToken(
  db: Kysely<Database>,
  accountId: number,
  dashboardId: number,
  token: string,
): Promise<LinkCheck> {
  const link = await findShareLinkByTokenHash(db, hashToken(token));
  if (!link || link.account_id !== accountId || link.dashboard_id !== dashboardId) {
    return { reason: 'invalid' };
  }
  if (link.revoked_at !== null) return { reason: 'revoked' };
  if (link.expires_at !== null && link.expires_at <= nowIso()) return { reason: 'expired' };
  return { link };
}
