import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { insertContentRows, isEmptyTable } from './seedRepository';
import { HELP_ARTICLES } from './helpArticles';

// First-start content of the platform: pricing plans, information pages, help sections and
// one announcement. Seeded only while all four tables are empty, so a restart keeps edits
// (including deletions of some of it). Tenants see the pages, help and announcement, so none
// of it names the product; plans list no features beyond the limits they enforce (the cards
// show those limits).

const PLANS = [
  {
    name: 'Free',
    price_monthly: 0,
    features: [],
    highlighted: 0,
    max_users: 3,
    max_dashboards: 5,
    max_data_sources: 2,
    max_storage_mb: 500,
  },
  {
    name: 'Team',
    price_monthly: 4900,
    features: [],
    highlighted: 1,
    max_users: 25,
    max_dashboards: null,
    max_data_sources: 20,
    max_storage_mb: 10240,
  },
  {
    name: 'Business',
    price_monthly: 19900,
    features: [],
    highlighted: 0,
    max_users: null,
    max_dashboards: null,
    max_data_sources: null,
    max_storage_mb: null,
  },
];

const INFO_PAGES = [
  {
    slug: 'about',
    title: 'About this service',
    body: [
      'This service gives your team dashboards and analytics under your own name and logo.',
      '',
      '- Connect a data source, define datasets and explore them with SQL.',
      '- Ask questions in plain language and keep the answers as charts.',
      '- Arrange charts on dashboards and share them by link, under your company name and logo.',
    ].join('\n'),
  },
  {
    slug: 'terms',
    title: 'Terms of service',
    body: [
      'By using this service you agree to use it lawfully and to keep your sign-in details secret.',
      'You keep every right to the data you connect; we process it only to show it to you and',
      'to the people you share it with.',
      '',
      'Either side may end the service at any time; your data is deleted 30 days after that.',
    ].join('\n'),
  },
  {
    slug: 'privacy',
    title: 'Privacy policy',
    body: [
      'We store the names and e-mail addresses of your users to let them sign in, and nothing',
      'else about them. Passwords are stored only as salted hashes.',
      '',
      'We do not sell or share personal data. Ask your account administrator to remove a user',
      'at any time.',
    ].join('\n'),
  },
];

export async function seedPlatformContent(db: Kysely<Database>): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    for (const table of CONTENT_TABLES) {
      if (!(await isEmptyTable(trx, table))) return false;
    }
    const now = new Date().toISOString();
    await insertContentRows(
      trx,
      'pricing_plans',
      PLANS.map((plan, index) => ({
        ...plan,
        currency: 'USD',
        features: JSON.stringify(plan.features),
        active: 1,
        sort_order: index + 1,
      })),
    );
    const pages = INFO_PAGES.map((page) => ({ ...page, published: 1, updated_at: now }));
    await insertContentRows(trx, 'info_pages', pages);
    await insertContentRows(
      trx,
      'help_sections',
      HELP_ARTICLES.map((article, index) => ({
        title: article.title,
        body: article.body,
        group_name: article.group,
        sections: article.sections.join(','),
        sort_order: index + 1,
        published: 1,
      })),
    );
    await insertContentRows(trx, 'messages', [
      {
        type: 'announcement',
        title: 'Share dashboards by link',
        body: 'Dashboards can now be shared by link. Open a dashboard and choose **Share**.',
        published: 1,
        created_at: now,
      },
    ]);
    return true;
  });
}

const CONTENT_TABLES = ['pricing_plans', 'info_pages', 'help_sections', 'messages'] as const;
