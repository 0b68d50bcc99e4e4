import { sql, type Kysely } from 'kysely';

// Content seeded before tenants' pages stopped naming the product: the sentences that named
// it are reworded where they are still as seeded (an edited text keeps its edits), and the
// plans' seeded feature lists, which promised things no plan enforces, are emptied (the plan
// cards show the limits the plans do enforce). The old wording is frozen here on purpose.

interface Rewording {
  table: 'help_sections' | 'info_pages' | 'messages';
  column: 'title' | 'body';
  from: string;
  to: string;
}

const REWORDINGS: Rewording[] = [
  {
    table: 'help_sections',
    column: 'body',
    from: 'Brandboard turns your data into charts and dashboards your team shares under your brand.',
    to: 'Turn your data into charts and dashboards your team shares under your own brand.',
  },
  {
    table: 'help_sections',
    column: 'body',
    from: 'Brandboard detects the column types',
    to: 'The upload detects the column types',
  },
  { table: 'info_pages', column: 'title', from: 'About Brandboard', to: 'About this service' },
  {
    table: 'info_pages',
    column: 'body',
    from: 'Brandboard is a dashboards and analytics service for teams that want their own brand\non every chart they share.',
    to: 'This service gives your team dashboards and analytics under your own name and logo.',
  },
  {
    table: 'info_pages',
    column: 'body',
    from: 'By using Brandboard you agree',
    to: 'By using this service you agree',
  },
  {
    table: 'messages',
    column: 'title',
    from: 'Welcome to Brandboard',
    to: 'Share dashboards by link',
  },
];

const SEEDED_FEATURES = [
  ['3 users', '5 dashboards', 'SQLite and CSV data sources', 'Community support'],
  [
    '25 users',
    'Unlimited dashboards',
    'PostgreSQL and MySQL data sources',
    'Shared dashboard links',
    'E-mail support',
  ],
  [
    'Unlimited users',
    'Unlimited dashboards',
    'All data sources',
    'Own branding on every page',
    'Priority support',
  ],
].map((features) => JSON.stringify(features));

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, column, from, to } of REWORDINGS) {
    // REPLACE is the same function in SQLite and PostgreSQL.
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = replace(${sql.ref(column)}, ${from}, ${to})
              where ${sql.ref(column)} like ${`%${from}%`}`.execute(db);
  }
  for (const features of SEEDED_FEATURES) {
    await sql`update pricing_plans set features = '[]' where features = ${features}`.execute(db);
  }
}

/** Nothing to undo: the new wording is valid under the old schema. */
export async function down(): Promise<void> {}
