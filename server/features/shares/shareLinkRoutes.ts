import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { newToken, hashToken } from '../../http/tokens';
import { findDashboardRow, toDashboard } from '../dashboards/repository';
import type { ShareLinkInput } from '../../../common/api/shares';
import { shareUrl, toShareLink } from './shareLinks';
import type { Dashboard } from '../../../common/charts';
import { nowIso } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { currentUser, requireSection } from '../../plugins/auth';
import { findShareLink, insertShareLink, revokeShareLink, shareLinksOf } from './repository';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UserAttributes } from '../../../common/api/rowPolicies';
import type { User } from '../../../common/types';
import { widerAttribute } from '../../query/compile/rowPolicies';
import { userAttributes } from '../policies/repository';
import { CREATE_SHARE_LINK, LIST_SHARE_LINKS, REVOKE_SHARE_LINK } from './schemas';

// Share links of a dashboard (editors): list, create (the token is answered once, only its
// hash is stored) and revoke.

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

/**
 * A link's attributes narrow what its maker sees, never widen it: an admin may give any; anyone
 * else only values of their own attributes (400 naming the attribute that is too wide).
 */
async function checkAttributesWithinMaker(
  db: Kysely<Database>,
  maker: User,
  attributes: UserAttributes | undefined,
): Promise<void> {
  if (!attributes || maker.role === 'admin') return;
  const own = await userAttributes(db, maker.accountId, maker.id);
  const wider = widerAttribute(attributes, own);
  if (!wider) return;
  const path = `attributes.${wider.key}`;
  throw badRequest(
    `${path}: "${wider.value}" is not one of your own values of "${wider.key}"; a link may only narrow the rows you see.`,
    path,
  );
}

export function registerShareLinkRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const path = '/api/v1/dashboards/:id/shareLinks';
  // Who may manage links is asked before the request is validated.
  const editors = { preValidation: requireSection('dashboards', 'write') };

  typed.get(path, { ...editors, schema: LIST_SHARE_LINKS }, async (request) => {
    const accountId = currentUser(request).accountId;
    const dashboard = await findDashboardRow(app.db, accountId, request.params.id);
    return (await shareLinksOf(app.db, accountId, dashboard.id)).map(toShareLink);
  });

  typed.post(path, { ...editors, schema: CREATE_SHARE_LINK }, async (request) => {
    const user = currentUser(request);
    const row = await findDashboardRow(app.db, user.accountId, request.params.id);
    const input = request.body;
    const expiresAt = checkLink(input, toDashboard(row));
    await checkAttributesWithinMaker(app.db, user, input.attributes);
    const token = newToken();
    const link = await insertShareLink(app.db, {
      accountId: user.accountId,
      dashboardId: row.id,
      createdBy: user.id,
      label: input.label,
      tokenHash: hashToken(token),
      frozenFiltersJson: JSON.stringify(input.frozenFilters),
      attributesJson: input.attributes ? JSON.stringify(input.attributes) : null,
      expiresAt,
    });
    return { ...toShareLink(link), token, url: shareUrl(row.id, token) };
  });

  typed.delete(`${path}/:linkId`, { ...editors, schema: REVOKE_SHARE_LINK }, async (request) => {
    const accountId = currentUser(request).accountId;
    const dashboard = await findDashboardRow(app.db, accountId, request.params.id);
    const link = await findShareLink(app.db, accountId, dashboard.id, request.params.linkId);
    if (!link) throw notFound('Share link');
    if (link.revoked_at !== null) return toShareLink(link);
    return toShareLink(await revokeShareLink(app.db, link.id));
  });
}
