import type { FastifyInstance } from 'fastify';
import { DEFAULT_BRAND_COLORS } from '../../../common/brand';
import type { AccountFacts } from '../../../common/gettingStarted';
import { hasMilestone } from './milestoneService';
import { countAccountRows, findBrandMarks } from './repository';

// The facts of an account the getting-started checklist is computed from.

async function warehouseTables(app: FastifyInstance, accountId: number): Promise<number> {
  return app.sourceConnectors.useWarehouse(accountId, (warehouse) => warehouse.countTables());
}

async function isBranded(app: FastifyInstance, accountId: number): Promise<boolean> {
  const profile = await findBrandMarks(app.db, accountId);
  if (!profile) return false;
  return (
    Boolean(Number(profile.has_logo)) ||
    profile.primary_color.toLowerCase() !== DEFAULT_BRAND_COLORS.primary ||
    profile.secondary_color.toLowerCase() !== DEFAULT_BRAND_COLORS.secondary
  );
}

export async function accountFacts(app: FastifyInstance, accountId: number): Promise<AccountFacts> {
  const [externalSources, datasets, dashboards, shareLinks, users] = await Promise.all([
    countAccountRows(app.db, 'data_sources', accountId, 'external'),
    countAccountRows(app.db, 'datasets', accountId),
    countAccountRows(app.db, 'dashboards', accountId),
    countAccountRows(app.db, 'share_links', accountId, 'unrevoked'),
    countAccountRows(app.db, 'users', accountId),
  ]);
  return {
    externalSources,
    warehouseTables: externalSources > 0 ? 0 : await warehouseTables(app, accountId),
    datasets,
    questionsAsked: await hasMilestone(app.db, accountId, 'asked'),
    dashboards,
    shareLinks,
    users,
    branded: await isBranded(app, accountId),
  };
}
