import type { Section } from '../../common/sections';

// The help every new installation starts with: an article or two for each section of the
// product, tagged with the sections it is about (their pages open the help panel on them).

interface HelpArticle {
  title: string;
  group: string;
  sections: Section[];
  body: string;
}

const lines = (...text: string[]) => text.join('\n');

export const HELP_ARTICLES: HelpArticle[] = [
  {
    title: 'Your first steps',
    group: 'Getting started',
    sections: ['getting-started'],
    body: lines(
      'Turn your data into charts and dashboards your team shares under your own brand.',
      '',
      '1. **Connect data**: add a database in *Data sources*, or upload a CSV, Parquet or JSON file into your warehouse.',
      '2. **Describe it**: create a *dataset* over a table or a query and give its fields names people use.',
      '3. **Ask**: in *AI charts*, type a question such as "average price by category" and get a chart.',
      '4. **Arrange**: put charts on a *dashboard* and share it by link.',
      '',
      'The checklist on the *Getting started* page ticks each step as your account does it.',
    ),
  },
  {
    title: 'Roles: who can do what',
    group: 'Getting started',
    sections: ['getting-started', 'users'],
    body: lines(
      '- **Viewers** open dashboards and charts, and ask questions.',
      '- **Editors** also build datasets, explore data with SQL, and save charts and dashboards.',
      '- **Administrators** also connect data sources, manage users, API tokens and the company brand.',
    ),
  },
  {
    title: 'Connecting a database',
    group: 'Data',
    sections: ['datasources'],
    body: lines(
      'Open *Data sources* and choose **Create**. Pick the type (PostgreSQL, MySQL/MariaDB, ClickHouse or a SQLite file) and fill in host, port, database, user and password.',
      '',
      '- **Test connection** tells you at once whether the host answers, the password is right and the database exists.',
      '- Passwords are encrypted and never shown again; leave the field empty to keep the stored one.',
      '- Queries run read-only, with a time limit.',
      "- Connect as a database user that may only read the tables you need. A superuser, or a user who may read the server's files or change its settings, is refused (your operator can allow one).",
    ),
  },
  {
    title: 'Uploading a file',
    group: 'Data',
    sections: ['datasources', 'datasets'],
    body: lines(
      'Every account has its own warehouse. Editors choose **Upload a file** on *Datasets* (or on a new dataset) and pick a CSV, Parquet or JSON file (up to 200 MB): it becomes a table, and once you keep it a new dataset of that table opens. Admins can also upload on the warehouse data source.',
      '',
      'A file is refused, with the reason, when it is nested or shaped beyond what a table can hold (JSON deeper than 64 levels, a CSV line over 1 MB or more than 2,000 columns) or takes longer than a minute to read. Nothing is kept of a refused file.',
      '',
      'The upload detects the column types and shows them before the table is created; you can correct a type there.',
    ),
  },
  {
    title: 'Datasets and fields',
    group: 'Data',
    sections: ['datasets'],
    body: lines(
      'A dataset is a table, or a SQL query, of a data source, with its fields described:',
      '',
      '- **Label**: the name people see and say.',
      '- **Role**: a *dimension* to group by, a *measure* to add up or average, or *time*.',
      '- **Synonyms**: other words for the field ("revenue" for *gross*); questions understand them.',
      '- **Format**: how numbers and dates are shown.',
      '- **Good trend** (measures): *Up is good* or *Down is good*; a KPI shows a change the good way in green, the other way in red (a rise in delays is red).',
      '',
      'The preview shows the first rows and the row count.',
    ),
  },
  {
    title: 'Exploring data with SQL',
    group: 'Data',
    sections: ['data-explorer'],
    body: lines(
      'Pick a source, browse its tables on the left and write a query. Press **Ctrl+Enter** to run it and **Cancel** to stop it.',
      '',
      'Only one read-only statement runs at a time. Errors point at the line they are on. **Save as dataset** turns the query into a dataset.',
      '',
      'Completion offers the columns of the tables your statement reads, the functions of the source and the keywords that fit. **Download CSV** saves the rows of the result; **Visualise** opens the chart builder on the query. On a phone, the **Schema** button opens the tables.',
    ),
  },
  {
    title: 'Asking a question',
    group: 'Charts',
    sections: ['aicharts'],
    body: lines(
      'In *AI charts* choose **Create**, pick a dataset and type a question, for example:',
      '',
      '- `average delay by origin, top 10`',
      '- `flights per month in 2001`',
      '- `distribution of horsepower`',
      '- `horsepower vs weight by origin`',
      '',
      'The chips under the question show how it was read: click one to change it, or remove it. Words that could not be placed are listed, never guessed. Everything works offline.',
    ),
  },
  {
    title: 'Building a chart by hand',
    group: 'Charts',
    sections: ['aicharts'],
    body: lines(
      'Drag fields into *Dimensions*, *Measures*, *Series* and *Filters*, or use their **+** button. Pick a chart type, a time grain or a bin width, a sort and a row limit; the preview follows every change and shows the SQL it ran.',
      '',
      '**Save** keeps the chart; **Add to dashboard** puts it on a dashboard.',
    ),
  },
  {
    title: 'Building a dashboard',
    group: 'Dashboards',
    sections: ['dashboards'],
    body: lines(
      'Create a dashboard, then **Add chart** or **Add text**. In **Edit** mode drag tiles by their frame and resize them from the corner; **Save** keeps the layout. A new tile goes beside the last one when there is room.',
      '',
      'On a tablet the tiles line up in two columns and on a phone in one, in the order they read on a desktop; a layout you arrange on a phone or tablet is kept for that screen size.',
      '',
      '**Filters** adds a date range or a list of values that applies to the charts you bind it to. A values filter lists each value once, the most frequent first; type to find one. A date range with only a start (or an end) filters from (or until) that day. Clicking a bar or a slice filters the other charts.',
    ),
  },
  {
    title: 'Sharing a dashboard',
    group: 'Dashboards',
    sections: ['dashboards'],
    body: lines(
      'Open a dashboard and choose **Share**. A link opens the dashboard without signing in, in your brand.',
      '',
      '- Give it a label and, if you like, an expiry date.',
      '- Filters set when the link is made are frozen for its viewers.',
      '- **Revoke** stops a link at once.',
    ),
  },
  {
    title: 'Subscriptions and alerts',
    group: 'Dashboards',
    sections: ['subscriptions', 'account-subscriptions', 'dashboards'],
    body: lines(
      "**Subscribe** from a dashboard's menu to receive it on a schedule: every hour, every day at a time, every week on chosen days or every month on a day, in your account's time zone. Each delivery is an e-mail with the dashboard as a PDF (a page per tab) and its first charts in the message, or a webhook; every recipient sees only the rows their row policies allow.",
      '',
      "An **alert** watches a chart's number, or the last point of its series: choose **Alerts…** in the chart's menu and say when to be told (above or below a line, or a change of more than a percentage). You are told once when it starts and once when it ends.",
      '',
      '*Subscriptions* lists yours and their latest runs (time, duration, recipients, outcome); pause, resume or delete them there. Administrators see every subscription and alert of the account on its own page.',
    ),
  },
  {
    title: 'Surveys',
    group: 'Surveys',
    sections: ['surveys'],
    body: lines(
      'Editors build a survey from questions: short or long text, number, single or multiple choice, a rating from 1 to 5, or a date; each may be required. **Publish** it and every user of your account can answer it (once, unless the survey allows more); **Close** it to stop answers.',
      '',
      'Each survey is also a dataset, a row per answer and a field per question, updated with every answer: chart it, ask questions about it, or put it on a dashboard. The results page summarises each question and exports the answers as CSV.',
    ),
  },
  {
    title: 'Managing users',
    group: 'Administration',
    sections: ['users'],
    body: lines(
      'Administrators add users, set their role and deactivate them. A deactivated user is signed out at once.',
      '',
      'A user added without a password is *Invited* until they create one from their link. On their page, **Copy invitation link** makes a fresh single-use link (the earlier one stops working) to pass on when no e-mail is sent; the link signs them in once the password is set.',
      '',
      'Nobody can deactivate themselves or remove their own administrator role.',
    ),
  },
  {
    title: 'The audit log',
    group: 'Administration',
    sections: ['auditlogs'],
    body: lines(
      'Every change an administrator makes (users, invitations, tokens, data sources, the company profile, plans, registrations, help and pages) is recorded: who, what, when and from which address. Passwords and secrets are never recorded.',
      '',
      "Administrators read their account's log in *Audit log*; filter it by action, by what was changed or by user.",
    ),
  },
  {
    title: 'API tokens',
    group: 'Administration',
    sections: ['tokens'],
    body: lines(
      'Scripts call the API with a personal token: **Create** one with a name, a scope (read, or read and write) and an expiry. The secret is shown once; copy it then.',
      '',
      'Send it as `Authorization: Bearer <token>` with the header `site: <your site>`. **Revoke** a token you no longer need.',
    ),
  },
  {
    title: 'Your company brand',
    group: 'Administration',
    sections: ['companies'],
    body: lines(
      'In *Companies* set your company name, website, logo and two colours. They appear in the app, on the sign-in page, in chart colours and on shared dashboards.',
      '',
      'Logos are PNG, JPEG, GIF or WebP images up to 1 MB.',
    ),
  },
  {
    title: 'Accounts and registrations',
    group: 'Platform',
    sections: ['accounts', 'registrations'],
    body: lines(
      'Visitors register on the home site. In *Registrations* approve a request (it sends the pricing link) or reject it with a reason. Once a plan is chosen the account, its brand and its first administrator are created.',
      '',
      'In *Accounts* change a plan, and suspend or reactivate an account: a suspended account cannot sign in and its share links stop.',
    ),
  },
  {
    title: 'Plans, pages and help',
    group: 'Platform',
    sections: ['pricing', 'info', 'helpsections', 'messages'],
    body: lines(
      '- *Pricing*: the plans registrants choose from, with their limits.',
      '- *Info*: the public pages linked from the footer (about, terms, privacy, contact).',
      '- *Help sections*: these articles. Tag an article with the sections it is about and it shows on their pages.',
      '- *Messages*: announcements to every user, and the messages the product sends.',
    ),
  },
];
