import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { migrationProvider } from '../../../server/db/migrations';
import { BACKENDS } from '../authFixtures';
import { emptyStores } from '../emptyStores';

// Migration 0006 on a store that already holds plans and accounts (an installation upgraded
// from before plan limits): the seeded plans get their limits and every account is linked
// to the plan of its plan label; custom labels stay without a plan (no limits).

describe.each(BACKENDS)('plan limits migration on %s', (backend) => {
  const openStore = emptyStores(backend);

  it('gives the seeded plans their limits and links accounts by plan label', async () => {
    const db = await openStore();
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('0005_list_indexes')).error).toBeUndefined();
    // Rows as the store held them before 0006 (written without the new columns).
    const plan = (name: string, order: number) =>
      sql`insert into pricing_plans (name, price_monthly, currency, features, highlighted, active, sort_order)
          values (${name}, 0, 'USD', '[]', 0, 1, ${order})`.execute(db);
    await plan('Free', 1);
    await plan('Team', 2);
    await plan('Business', 3);
    const account = (site: string, planLabel: string) =>
      sql`insert into accounts (site, name, plan, active, created_at)
          values (${site}, ${site}, ${planLabel}, 1, '2026-01-01T00:00:00.000Z')`.execute(db);
    await account('www', 'platform');
    await account('acme', 'team');
    await account('globex', 'Free');
    await account('initech', 'enterprise');

    expect((await migrator.migrateTo('0006_plan_limits')).error).toBeUndefined();

    const plans = await db
      .selectFrom('pricing_plans')
      .select(['id', 'name', 'max_users', 'max_dashboards', 'max_data_sources', 'max_storage_mb'])
      .orderBy('sort_order')
      .execute();
    expect(plans.map(({ id: _id, ...limits }) => limits)).toEqual([
      { name: 'Free', max_users: 3, max_dashboards: 5, max_data_sources: 2, max_storage_mb: 500 },
      {
        name: 'Team',
        max_users: 25,
        max_dashboards: null,
        max_data_sources: 20,
        max_storage_mb: 10240,
      },
      {
        name: 'Business',
        max_users: null,
        max_dashboards: null,
        max_data_sources: null,
        max_storage_mb: null,
      },
    ]);
    const planIdOf = Object.fromEntries(plans.map((p) => [p.name, p.id]));
    const accounts = await db
      .selectFrom('accounts')
      .select(['site', 'plan', 'plan_id'])
      .orderBy('site')
      .execute();
    expect(accounts).toEqual([
      { site: 'acme', plan: 'team', plan_id: planIdOf.Team },
      { site: 'globex', plan: 'Free', plan_id: planIdOf.Free },
      { site: 'initech', plan: 'enterprise', plan_id: null },
      { site: 'www', plan: 'platform', plan_id: null },
    ]);

    expect((await migrator.migrateTo('0005_list_indexes')).error).toBeUndefined();
    const columns = (await db.introspection.getTables()).find((t) => t.name === 'accounts');
    expect(columns?.columns.map((c) => c.name)).not.toContain('plan_id');
  });
});
