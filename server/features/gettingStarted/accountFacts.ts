import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { DEFAULT_BRAND_COLORS } from '../../../src/model/brand';
import type { AccountFacts } from '../../../src/model/gettingStarted';
import { hasMilestone } from './milestones';

// The facts of an account the getting-started checklist is computed from.

async function countOf(
  app: FastifyInstance,
  table: 'data_sources' | 'datasets' | 'dashboards' | 'share_links' | 'users',
  accountId: number,
  extra?: 'external' | 'unrevoked',
): Promise<number> {
  let query = app.db
    .selectFrom(table)
    .select(sql<number | string>`count(*)`.as('count'))
    .where('account_id', '=', accountId);
  if (extra === 'external') query = query.where(sql<boolean>`type <> 'duckdb'`);
  if (extra === 'unrevoked') query = query.where(sql<boolean>`revoked_at is null`);
  const row = await query.executeTakeFirst();
  return Number(row?.count ?? 0);
}

async function warehouseTables(app: FastifyInstance, accountId: number): Promise<number> {
  const warehouse = await app.sourceConnectors.warehouse(accountId);
  return warehouse.withReadConnection(async (connection) => {
    const reader = await connection.runAndReadAll(
      "select count(*) from duckdb_tables() where schema_name = 'main'",
    );
    return Number(reader.getRowsJS()[0][0]);
  });
}

async function isBranded(app: FastifyInstance, accountId: number): Promise<boolean> {
  const profile = await app.db
    .selectFrom('company_profiles')
    .select(['primary_color', 'secondary_color', sql<number>`logo is not null`.as('has_logo')])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!profile) return false;
  return (
    Boolean(Number(profile.has_logo)) ||
    profile.primary_color.toLowerCase() !== DEFAULT_BRAND_COLORS.primary ||
    profile.secondary_color.toLowerCase() !== DEFAULT_BRAND_COLORS.secondary
  );
}

export async function accountFacts(app: FastifyInstance, accountId: number): Promise<AccountFacts> {
  const [externalSources, datasets, dashboards, shareLinks, users] = await Promise.all([
    countOf(app, 'data_sources', accountId, 'external'),
    countOf(app, 'datasets', accountId),
    countOf(app, 'dashboards', accountId),
    countOf(app, 'share_links', accountId, 'unrevoked'),
    countOf(app, 'users', accountId),
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
