import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { migrationProvider } from '../../../server/db/migrations';
import { BACKENDS } from '../authFixtures';
import { emptyStores } from '../emptyStores';

// Migration 0013 on a store seeded before tenants' pages stopped naming the product: the seeded
// sentences that named it are reworded, edits around them are kept, text an administrator
// wrote is left alone; the seeded plan features are emptied, features written by hand stay.

const OLD_ABOUT = [
  'Brandboard is a dashboards and analytics service for teams that want their own brand',
  'on every chart they share.',
  '',
  '- Connect a data source, define datasets and explore them with SQL.',
].join('\n');

describe.each(BACKENDS)('tenant-neutral content migration on %s', (backend) => {
  const openStore = emptyStores(backend);

  it('rewords the seeded content and empties the seeded plan features', async () => {
    const db = await openStore();
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('0012_outbox_links_forgotten')).error).toBeUndefined();
    const now = '2026-01-01T00:00:00.000Z';
    await sql`insert into info_pages (slug, title, body, published, updated_at) values
      ('about', 'About Brandboard', ${OLD_ABOUT}, 1, ${now}),
      ('terms', 'Terms of service', 'By using Brandboard you agree to use it lawfully.', 1, ${now}),
      ('custom', 'Our story', 'We built Brandboard in a garage.', 1, ${now})`.execute(db);
    await sql`insert into help_sections (title, body, sort_order, published) values
      ('Your first steps', ${'Brandboard turns your data into charts and dashboards your team shares under your brand.\n\n1. **Connect data** (edited)'}, 1, 1)`.execute(
      db,
    );
    await sql`insert into messages (type, title, body, published, created_at) values
      ('announcement', 'Welcome to Brandboard', 'Dashboards can now be shared by link.', 1, ${now})`.execute(
      db,
    );
    const seeded = JSON.stringify([
      '3 users',
      '5 dashboards',
      'SQLite and CSV data sources',
      'Community support',
    ]);
    await sql`insert into pricing_plans (name, price_monthly, currency, features, highlighted, active, sort_order) values
      ('Free', 0, 'USD', ${seeded}, 0, 1, 1),
      ('Custom', 100, 'USD', '["Hand-written"]', 0, 1, 2)`.execute(db);

    expect((await migrator.migrateTo('0013_tenant_neutral_content')).error).toBeUndefined();

    const pages = await sql<{ slug: string; title: string; body: string }>`
      select slug, title, body from info_pages order by slug`.execute(db);
    const bySlug = Object.fromEntries(pages.rows.map((page) => [page.slug, page]));
    expect(bySlug.about.title).toBe('About this service');
    expect(bySlug.about.body).toBe(
      [
        'This service gives your team dashboards and analytics under your own name and logo.',
        '',
        '- Connect a data source, define datasets and explore them with SQL.',
      ].join('\n'),
    );
    expect(bySlug.terms.body).toBe('By using this service you agree to use it lawfully.');
    expect(bySlug.custom.body).toBe('We built Brandboard in a garage.');
    const help = await sql<{ body: string }>`select body from help_sections`.execute(db);
    expect(help.rows[0].body).toBe(
      'Turn your data into charts and dashboards your team shares under your own brand.\n\n1. **Connect data** (edited)',
    );
    const messages = await sql<{ title: string }>`select title from messages`.execute(db);
    expect(messages.rows[0].title).toBe('Share dashboards by link');
    const plans = await sql<{ name: string; features: string }>`
      select name, features from pricing_plans order by sort_order`.execute(db);
    expect(plans.rows.map((plan) => [plan.name, JSON.parse(plan.features)])).toEqual([
      ['Free', []],
      ['Custom', ['Hand-written']],
    ]);
  });
});
