import type { FastifyInstance } from 'fastify';
import { newToken, hashToken } from '../auth/tokens';
import { findDashboardRow, toDashboard } from '../dashboards/repository';
import { shareLinkSchema, type ShareLinkInput } from '../../../src/model/api/shares';
import { shareUrl, toShareLink } from './shareLinks';
import type { Dashboard } from '../../../src/model/charts';
import { nowIso } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { currentUser, requireSection } from '../../plugins/auth';
import { parsePayload } from '../../http/validation';
import { parseId } from '../../http/simpleRest';

// Share links of a dashboard (editors): list, create (the token is answered once, only its
// hash is stored) and revoke.

function parseLinkId(params: unknown): number {
  return parseId({ id: (params as { linkId?: string } | undefined)?.linkId });
}

/** Frozen values name filters of the dashboard; an expiry lies in the future. */
function checkLink(input: ShareLinkInput, dashboard: Dashboard): string | null {
  input.frozenFilters.forEach((value, index) => {
    if (!dashboard.filters.some((filter) => filter.id === value.filterId)) {
      throw badRequest(
        `frozenFilters.${index}.filterId: the dashboard has no filter "${value.filterId}".`,
        `frozenFilters.${index}.filterId`,
      );
    }
  });
  if (!input.expiresAt) return null;
  const expiresAt = new Date(input.expiresAt).toISOString();
  if (expiresAt <= nowIso()) throw badRequest('expiresAt: must be in the future.', 'expiresAt');
  return expiresAt;
}

export function registerShareLinkRoutes(app: FastifyInstance): void {
  const path = '/api/v1/dashboards/:id/shareLinks';
  const editors = { preHandler: requireSection('dashboards', 'write') };

  app.get(path, editors, async (request) => {
    const accountId = currentUser(request).accountId;
    const dashboard = await findDashboardRow(app.db, accountId, parseId(request.params));
    const rows = await app.db
      .selectFrom('share_links')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('dashboard_id', '=', dashboard.id)
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toShareLink);
  });

  app.post(path, editors, async (request) => {
    const user = currentUser(request);
    const row = await findDashboardRow(app.db, user.accountId, parseId(request.params));
    const input = parsePayload(shareLinkSchema, request.body);
    const expiresAt = checkLink(input, toDashboard(row));
    const token = newToken();
    const link = await app.db
      .insertInto('share_links')
      .values({
        account_id: user.accountId,
        dashboard_id: row.id,
        label: input.label,
        token_hash: hashToken(token),
        frozen_filters_json: JSON.stringify(input.frozenFilters),
        expires_at: expiresAt,
        revoked_at: null,
        created_at: nowIso(),
        created_by: user.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...toShareLink(link), token, url: shareUrl(row.id, token) };
  });

  app.delete(`${path}/:linkId`, editors, async (request) => {
    const accountId = currentUser(request).accountId;
    const dashboard = await findDashboardRow(app.db, accountId, parseId(request.params));
    const linkId = parseLinkId(request.params);
    const link = await app.db
      .selectFrom('share_links')
      .selectAll()
      .where('id', '=', linkId)
      .where('account_id', '=', accountId)
      .where('dashboard_id', '=', dashboard.id)
      .executeTakeFirst();
    if (!link) throw notFound('Share link');
    if (link.revoked_at !== null) return toShareLink(link);
    const revoked = await app.db
      .updateTable('share_links')
      .set({ revoked_at: nowIso() })
      .where('id', '=', link.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toShareLink(revoked);
  });
}
