import { signIn, type BenchSession } from './benchApi';
import type { BenchChild } from './benchChild';
import { writeResult, type Figure } from './benchReport';
import { benchDistinctQueries, WARM_UP_SECONDS } from './distinctQueriesBench';
import type { FlightsDataset } from './flightQueries';
import { benchNoisyNeighbour } from './noisyNeighbourBench';
import { createTenant } from './tenantApi';
import { benchTenantsOnNode } from './tenantsOnNodeBench';

// The multi-tenant budgets: a noisy neighbour, distinct queries under load and thousands of tenants
// on one node, each a ratio against a baseline of the same run (or a cap on the footprint).

const NEIGHBOUR_SAMPLES = 30;
const NEIGHBOUR_BUDGET = 2;
const LOADS = [50, 200];
const LOAD_SECONDS = 16;
const THROUGHPUT_BUDGET = 0.9;
const RSS_BUDGET_MB = 8192;
const THREADS_BUDGET = 100;
const COLD_BUDGET = 4;

/** BENCH_TENANT_STEPS: the tenant counts read at (default 1000 and 10000). */
function tenantSteps(): number[] {
  const steps = (process.env.BENCH_TENANT_STEPS ?? '1000,10000').split(',').map(Number);
  if (steps.some((step) => !Number.isInteger(step) || step <= 0)) {
    throw new Error('BENCH_TENANT_STEPS must be positive whole numbers, e.g. 1000,10000.');
  }
  return steps.sort((a, b) => a - b);
}

export async function runMultiTenantBenches(
  server: BenchChild,
  acme: BenchSession,
  flights: FlightsDataset,
  log: (text: string) => void,
): Promise<{ figures: Figure[]; details: string[] }> {
  const platform = await signIn(server.url, 'www', 'admin');

  log(`noisy neighbour: a small query and a sign-in, idle and beside four long queries…`);
  const neighbour = await createTenant(server, platform, 'bench-neighbour');
  const noisy = await benchNoisyNeighbour(server, acme, flights, neighbour, NEIGHBOUR_SAMPLES);
  writeResult('noisy-neighbour', { budgetRatio: NEIGHBOUR_BUDGET, ...noisy });

  log(`distinct uncached queries at ${LOADS.join(' and ')} connections, ${LOAD_SECONDS} s each…`);
  const loads = await benchDistinctQueries(server, acme, flights, LOADS, LOAD_SECONDS);
  writeResult('distinct-queries', { budgetRatio: THROUGHPUT_BUDGET, loads });

  const steps = tenantSteps();
  log(`tenants on one node: ${steps.join(', ')}…`);
  const tenants = await benchTenantsOnNode(server, platform, steps, log);
  writeResult('tenants-on-node', {
    budgetRssMb: RSS_BUDGET_MB,
    budgetThreads: THREADS_BUDGET,
    budgetColdRatio: COLD_BUDGET,
    ...tenants,
  });
  const last = tenants.steps[tenants.steps.length - 1];

  const figures: Figure[] = [
    {
      name: "Another tenant's small query beside four long ones / idle",
      value: `${noisy.smallRatio}x (${noisy.smallBusyMs} ms vs ${noisy.smallIdleMs} ms)`,
      budget: `<= ${NEIGHBOUR_BUDGET}x`,
      pass: noisy.smallRatio <= NEIGHBOUR_BUDGET,
    },
    {
      name: 'A sign-in beside four long queries / idle',
      value: `${noisy.signInRatio}x (${noisy.signInBusyMs} ms vs ${noisy.signInIdleMs} ms)`,
      budget: `<= ${NEIGHBOUR_BUDGET}x`,
      pass: noisy.signInRatio <= NEIGHBOUR_BUDGET,
    },
    ...loads.map((load) => ({
      name: `Distinct queries at ${load.connections} connections / DuckDB's own`,
      value:
        `${load.ratio}x (${load.serverPerSecond} vs ${load.duckdbPerSecond} a second; ` +
        `p50 ${load.serverP50Ms} ms, p99 ${load.serverP99Ms} ms)`,
      budget: `>= ${THROUGHPUT_BUDGET}x`,
      pass: load.ratio >= THROUGHPUT_BUDGET,
    })),
    {
      name: `${last.tenants} tenants on one node: memory and threads`,
      value: `${last.rssMb} MB, ${last.threads} threads, ${last.descriptors} descriptors`,
      budget: `<= ${RSS_BUDGET_MB} MB, <= ${THREADS_BUDGET} threads`,
      pass: last.rssMb <= RSS_BUDGET_MB && last.threads <= THREADS_BUDGET,
    },
    {
      name: 'First query of a long-unused warehouse / warm',
      value: `${tenants.coldRatio}x (${tenants.coldMs} ms vs ${tenants.warmMs} ms)`,
      budget: `<= ${COLD_BUDGET}x`,
      pass: tenants.coldRatio <= COLD_BUDGET,
    },
  ];
  const details = [
    '## Multi-tenant figures',
    '',
    `- Noisy neighbour: acme runs four explorer queries of seconds each (flights scanned 30`,
    `  times) in a loop; meanwhile another tenant asks a grouped sum of its 5-row table`,
    `  (${noisy.samples} times) and acme's viewer signs in; medians against the same idle.`,
    `  ${noisy.longQueriesFinished} long queries finished meanwhile.`,
    `- Distinct queries: each connection asks one chart query (POST /query) after another for`,
    `  ${LOAD_SECONDS} s, each with a new distance bound (a full scan of flights, never cached);`,
    `  DuckDB's own: the same queries as SQL the same way on a copy of the warehouse in the runner`,
    `  process with 4 connections; both sides run ${WARM_UP_SECONDS} s unmeasured first, at the first`,
    `  load; then the sides take turns in 2 s rounds, and the figure is the median of the rounds'`,
    `  ratios (${loads.map((load) => `${load.connections}: ${load.roundRatios.join(', ')}`).join('; ')}).`,
    `  Refused (503, retried after 50 ms): ` +
      loads.map((load) => `${load.refused} at ${load.connections}`).join(', ') +
      '.',
    `- Tenants: accounts created by the platform admin through the API, each tenant's admin`,
    `  uploading a 5-row CSV and asking one query; the server process read from /proc after`,
    `  each step: ` +
      tenants.steps
        .map(
          (step) =>
            `${step.tenants}: ${step.rssMb} MB, ${step.threads} threads, ${step.descriptors} fds, ${step.openWarehouses} open`,
        )
        .join('; ') +
      '.',
  ];
  return { figures, details };
}
