#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { exportAccount, FileRefused, importAccount } from './asCodeClient';

// bb: dashboards as code. `bb export --dir DIR` writes the account's datasets, charts and
// dashboards as YAML; `bb import --dir DIR [--dry-run]` creates or changes them to match.
// The server and token come from --url/--token or BB_URL/BB_TOKEN (an API token of an editor
// or admin); --site or BB_SITE names the account when the URL's host does not. Runs as
// `npm run bb` in the repository and as `bb` from the @brandboard/cli package (cli/package.json).

const USAGE =
  'usage: bb export|import --dir DIR [--dry-run] [--url URL] [--token TOKEN] [--site SITE]';

const HELP = `${USAGE}

Dashboards as code: an account's datasets, charts and dashboards as YAML files,
one per object, in DIR/datasets, DIR/charts and DIR/dashboards.

  export          write the account's objects as YAML files into --dir
  import          create or change the account's objects to match the files in --dir;
                  prints created, changed or unchanged per file, and refuses a file it
                  cannot read with file:line: reason before anything is written
  --dir DIR       the folder of the files (default: brandboard)
  --dry-run       import: say what would change, write nothing
  --url URL       the server (or BB_URL), e.g. https://acme.example.com
  --token TOKEN   an API token of an editor or admin (or BB_TOKEN)
  --site SITE     the account's site when the URL's host does not name it (or BB_SITE)
  --help          this text`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      dir: { type: 'string', default: 'brandboard' },
      'dry-run': { type: 'boolean', default: false },
      url: { type: 'string', default: process.env.BB_URL },
      token: { type: 'string', default: process.env.BB_TOKEN },
      site: { type: 'string', default: process.env.BB_SITE },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const [command] = positionals;
  if (!values.url || !values.token || (command !== 'export' && command !== 'import')) {
    console.error(USAGE);
    return 2;
  }
  const server = { url: values.url.replace(/\/$/, ''), token: values.token, site: values.site };
  try {
    if (command === 'export') {
      const written = await exportAccount(server, values.dir);
      for (const path of written) console.log(`wrote ${path}`);
      return 0;
    }
    const report = await importAccount(server, values.dir, { dryRun: values['dry-run'] });
    const prefix = report.dryRun ? '(dry run) ' : '';
    for (const { path, outcome } of report.results) console.log(`${prefix}${outcome} ${path}`);
    return 0;
  } catch (error) {
    if (error instanceof FileRefused) console.error(`refused ${error.message}`);
    else console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

// No top-level await: the package is CommonJS (cli/package.json).
void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
