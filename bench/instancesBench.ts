import { performance } from 'node:perf_hooks';
import type { SemanticQuery } from '../common/analytics';
import { startClusterProcess } from '../scripts/cluster/clusterProcess.mjs';
import { BENCH_PASSWORD, callApi, signIn, type BenchSession } from './benchApi';
import { writeResult, type Figure } from './benchReport';
import { flightsDashboardQueries } from './flightQueries';
import { round2 } from './statistics';

// Scaling with instances, on `npm run cluster`: the warm queries of the Flights
// dashboard's first 8 charts asked by many clients at once through nginx, with 1, 2 and 3
// instances; and single flight across instances: a query not asked before, sent to every
// instance at the same moment, runs at one of them (the others answer it from its run).

const INSTANCE_COUNTS = [1, 2, 3];
const CONNECTIONS = 32;
const SECONDS = 10;
const CHARTS = 8;
const DISTINCT_QUERIES = 10;

export interface InstancesFigures {
  rows: { instances: number; queriesPerSecond: number }[];
  distinctQueries: number;
  executions: number;
}

type QueryAnswer = { cached: boolean };

const ask = (base: string, session: BenchSession, query: SemanticQuery) =>
  callApi<QueryAnswer>(base, session, 'POST', '/api/v1/query', { query });

/** Answers a second of `CONNECTIONS` clients asking the queries in turn for `SECONDS`. */
async function throughput(base: string, session: BenchSession, queries: SemanticQuery[]) {
  let answers = 0;
  const started = performance.now();
  const end = started + SECONDS * 1000;
  const client = async (n: number) => {
    for (let i = n; performance.now() < end; i++) {
      await ask(base, session, queries[i % queries.length]);
      answers++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, n) => client(n)));
  return answers / ((performance.now() - started) / 1000);
}

/**
 * Each of `DISTINCT_QUERIES` queries not asked before (a distance bound of its own) sent to
 * every instance directly at the same moment; a run at the source answers `cached: false`.
 */
async function crossInstanceRuns(
  instanceUrls: string[],
  sessions: BenchSession[],
  query: SemanticQuery,
): Promise<number> {
  let executions = 0;
  for (let n = 0; n < DISTINCT_QUERIES; n++) {
    const distinct = {
      ...query,
      filters: [...query.filters, { field: 'distance', op: '>', value: 1000 + n }],
    } as SemanticQuery;
    const answers = await Promise.all(
      instanceUrls.map((url, i) => ask(url, sessions[i], distinct)),
    );
    executions += answers.filter((answer) => !answer.cached).length;
  }
  return executions;
}

async function benchInstances(log: (text: string) => void): Promise<InstancesFigures> {
  const rows: InstancesFigures['rows'] = [];
  let executions = 0;
  for (const instances of INSTANCE_COUNTS) {
    log(`  ${instances} instance(s) behind nginx…`);
    const cluster = await startClusterProcess({
      instances,
      env: { DEMO_PASSWORD: BENCH_PASSWORD, LOG_LEVEL: 'warn' },
    });
    try {
      const session = await signIn(cluster.base, 'acme', 'admin');
      const queries = (await flightsDashboardQueries(cluster.base, session, CHARTS)).map(
        (chart) => chart.query,
      );
      await Promise.all(queries.map((query) => ask(cluster.base, session, query)));
      const queriesPerSecond = round2(await throughput(cluster.base, session, queries));
      rows.push({ instances, queriesPerSecond });
      if (instances === INSTANCE_COUNTS[INSTANCE_COUNTS.length - 1]) {
        const urls = Array.from({ length: instances }, (_, i) => cluster.instanceUrl(i));
        const sessions = await Promise.all(urls.map((url) => signIn(url, 'acme', 'admin')));
        executions = await crossInstanceRuns(urls, sessions, queries[0]);
      }
    } finally {
      await cluster.stop();
    }
  }
  return { rows, distinctQueries: DISTINCT_QUERIES, executions };
}

/** The figures held: 3 instances not slower than 1; each distinct query run once. */
function instancesFigures(figures: InstancesFigures): Figure[] {
  const one = figures.rows[0];
  const most = figures.rows[figures.rows.length - 1];
  const ratio = round2(most.queriesPerSecond / one.queriesPerSecond);
  return [
    {
      name: `Warm dashboard queries, ${most.instances} instances / 1, through nginx`,
      value:
        `${ratio}x (` +
        figures.rows.map((row) => `${row.instances}: ${row.queriesPerSecond}/s`).join(', ') +
        ')',
      budget: '>= 1x',
      pass: ratio >= 1,
    },
    {
      name: `Distinct queries sent to all ${most.instances} instances at once: runs at the source`,
      value: `${figures.executions} for ${figures.distinctQueries} queries`,
      budget: `${figures.distinctQueries}`,
      pass: figures.executions === figures.distinctQueries,
    },
  ];
}

const DETAILS = [
  '## Several instances',
  '',
  `- \`npm run cluster\` with ${INSTANCE_COUNTS.join(', ')} instances (each started fresh, its demo`,
  `  warehouse seeded), nginx in front: ${CONNECTIONS} clients ask the first ${CHARTS} charts of the`,
  `  Flights dashboard in turn for ${SECONDS} s, warm (each asked once before). nginx sends a tenant`,
  '  to one instance while it is up (its DuckDB warehouse is a file of that instance), so one',
  '  tenant is served by one instance whatever their number: the figure held is that more',
  '  instances are not slower.',
  `- Single flight across instances: ${DISTINCT_QUERIES} queries not asked before, each sent to`,
  '  every instance directly at the same moment; a run at the source answers `cached: false`,',
  "  the others get that run's result through Redis.",
];

/** Scaling with instances (`npm run bench -- instances`): its figures and how they were taken. */
export async function runInstancesBenches(log: (text: string) => void) {
  log(`warm dashboard queries with ${INSTANCE_COUNTS.join(', ')} instances of npm run cluster…`);
  const result = await benchInstances(log);
  writeResult('instances', result);
  return { figures: instancesFigures(result), details: DETAILS };
}
