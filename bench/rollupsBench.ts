import { rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { QueryFilter, SemanticQuery } from '../common/analytics';
import type { DatasetRecord } from '../common/api/datasets';
import type { RollupProposal, RollupRecord } from '../common/api/rollups';
import { compileSemanticQuery } from '../server/query/compile/compileSemanticQuery';
import { callApi, signIn, type BenchSession } from './benchApi';
import { startChild, type BenchChild } from './benchChild';
import type { Figure } from './benchReport';
import { writeResult } from './benchReport';
import {
  findFlightsDataset,
  flightsDashboardQueries,
  postQuery,
  type FlightsDataset,
  type QueryAnswer,
} from './flightQueries';
import { benchSemanticQueries } from './semanticQueryBench';
import { median, round2 } from './statistics';

// `npm run bench -- rollups`: the Flights dashboard's first 8 charts over acme's 3M flights,
// each round with an origin never asked before (as a viewer setting the Origin filter), all 8
// at once as the dashboard asks them: through the server without rollups, through DuckDB alone
// (the same 8 statements at once on a copy of the warehouse, every core), then through the
// server once the proposed rollups are built. Also their build time and rows, and single
// queries against DuckDB alone (before any rollup exists, so both read the table).

type Log = (text: string) => void;

const CHARTS = 8;
const ROUNDS = 5;
const DASHBOARD_BUDGET_MS = 1_500;
const SINGLE_RATIO_BUDGET = 1.05;
const SEMANTIC = { rounds: 3, runsPerRound: 15 };

interface Chart {
  name: string;
  query: SemanticQuery;
}

const withOrigin = (query: SemanticQuery, origin: string): SemanticQuery => ({
  ...query,
  filters: [...query.filters, { field: 'origin', op: 'in', value: [origin] } as QueryFilter],
});

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/** Origins by number of flights, the busiest first: each round takes the next one. */
async function originsOf(server: BenchChild, session: BenchSession, flights: FlightsDataset) {
  const answer = await postQuery(server.url, session, {
    datasetId: flights.id,
    dimensions: [{ field: 'origin' }],
    measures: [{ field: '*', agg: 'count' }],
    filters: [],
    sort: [{ key: 'count', dir: 'desc' }],
    limit: 100,
  });
  return answer.rows.map((row) => String(row[0]));
}

/** All 8 charts at once through the server; answers the time until the last one and the SQL. */
async function serverRound(
  server: BenchChild,
  session: BenchSession,
  charts: Chart[],
  origin: string,
) {
  return timed(() =>
    Promise.all(
      charts.map((chart) => postQuery(server.url, session, withOrigin(chart.query, origin))),
    ),
  );
}

async function directRound(
  connections: DuckDBConnection[],
  dataset: DatasetRecord,
  charts: Chart[],
  origin: string,
) {
  return timed(() =>
    Promise.all(
      charts.map((chart, index) => {
        const compiled = compileSemanticQuery(withOrigin(chart.query, origin), dataset, 'duckdb');
        return connections[index].runAndReadAll(compiled.sql, compiled.params as never);
      }),
    ),
  );
}

/** Accepts every proposal; answers the rollups once their builds have run. */
async function buildProposals(server: BenchChild, session: BenchSession, datasetId: number) {
  const path = `/api/v1/datasets/${datasetId}/rollups`;
  const proposals = await callApi<RollupProposal[]>(
    server.url,
    session,
    'GET',
    `${path}/proposals`,
  );
  for (const proposal of proposals) {
    await callApi(server.url, session, 'POST', path, { name: proposal.name, ...proposal.shape });
  }
  for (;;) {
    const rollups = await callApi<RollupRecord[]>(server.url, session, 'GET', path);
    if (rollups.every((rollup) => !['pending', 'building'].includes(rollup.status))) {
      return { proposals, rollups };
    }
    await sleep(200);
  }
}

export async function runRollupsBenches(
  log: Log,
): Promise<{ figures: Figure[]; details: string[] }> {
  log('starting the server with the demo warehouse (3M flights)…');
  const server = await startChild('bench/appServer.ts');
  const copy = join(tmpdir(), `brandboard-bench-rollups-${process.pid}.duckdb`);
  try {
    const admin = await signIn(server.url, 'acme', 'admin');
    const flights = await findFlightsDataset(server.url, admin);
    log(`single queries vs DuckDB alone (${SEMANTIC.rounds} rounds of ${SEMANTIC.runsPerRound})…`);
    const semantic = await benchSemanticQueries(server, admin, flights, SEMANTIC);
    await server.call('configureCache', { cacheTtlMs: 0 });
    const dataset = await callApi<DatasetRecord>(
      server.url,
      admin,
      'GET',
      `/api/v1/datasets/${flights.id}`,
    );
    const charts = await flightsDashboardQueries(server.url, admin, CHARTS);
    const origins = await originsOf(server, admin, flights);
    const nextOrigin = (() => {
      let next = 0;
      return () => origins[next++ % origins.length];
    })();

    log(`the dashboard's ${CHARTS} charts with a new origin, ${ROUNDS} rounds, without rollups…`);
    await serverRound(server, admin, charts, nextOrigin());
    const plainMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      plainMs.push((await serverRound(server, admin, charts, nextOrigin())).ms);
    }

    log('the same statements on DuckDB alone, all at once…');
    await server.call('copyWarehouse', { to: copy });
    const instance = await DuckDBInstance.create(copy, { threads: String(availableParallelism()) });
    const connections = await Promise.all(charts.map(() => instance.connect()));
    const directMs: number[] = [];
    try {
      await directRound(connections, dataset, charts, nextOrigin());
      for (let round = 0; round < ROUNDS; round++) {
        directMs.push((await directRound(connections, dataset, charts, nextOrigin())).ms);
      }
    } finally {
      for (const connection of connections) connection.closeSync();
      instance.closeSync();
    }

    log('accepting the proposed rollups and building them…');
    const built = await timed(() => buildProposals(server, admin, flights.id));
    const { proposals, rollups } = built.value;

    log(`the dashboard with rollups, ${ROUNDS} rounds…`);
    const rolledMs: number[] = [];
    let answered = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const { value, ms } = await serverRound(server, admin, charts, nextOrigin());
      rolledMs.push(ms);
      answered = value.filter((answer: QueryAnswer) =>
        answer.sql.startsWith('-- answered from the rollup'),
      ).length;
    }

    const figures = {
      charts: charts.map((chart) => chart.name),
      plainMedianMs: round2(median(plainMs)),
      directMedianMs: round2(median(directMs)),
      rolledMedianMs: round2(median(rolledMs)),
      plainMs: plainMs.map(round2),
      directMs: directMs.map(round2),
      rolledMs: rolledMs.map(round2),
      chartsAnsweredFromRollups: answered,
      proposals: proposals.map((proposal) => ({
        name: proposal.name,
        charts: proposal.charts.length,
        estimatedRows: proposal.estimatedRows,
      })),
      rollups: rollups.map((rollup) => ({
        name: rollup.name,
        status: rollup.status,
        rows: rollup.rowCount,
        buildMs: rollup.buildMs,
        error: rollup.error,
      })),
      allBuiltMs: round2(built.ms),
      semantic: [semantic.topOrigins, semantic.perMonth],
    };
    writeResult('rollups', figures);
    const single = [semantic.topOrigins, semantic.perMonth].map((query): Figure => ({
      name: `Single query / DuckDB alone (${availableParallelism()} threads), end to end: ${query.query}`,
      value: `${query.ratio}x (${query.serverMedianMs} ms vs ${query.directMedianMs} ms; inside the server ${query.insideRatio}x)`,
      budget: `<= ${SINGLE_RATIO_BUDGET}x`,
      pass: query.ratio <= SINGLE_RATIO_BUDGET,
    }));
    return {
      figures: [
        ...single,
        {
          name: `Flights dashboard, ${CHARTS} charts, 3M rows, a new origin: with rollups (${answered} of ${CHARTS} from rollups)`,
          value: `${figures.rolledMedianMs} ms (without ${figures.plainMedianMs} ms; DuckDB alone, all at once, ${figures.directMedianMs} ms)`,
          budget: `<= ${DASHBOARD_BUDGET_MS} ms`,
          pass: figures.rolledMedianMs <= DASHBOARD_BUDGET_MS,
        },
      ],
      details: [
        `Rollups built from the proposals in ${Math.round(built.ms)} ms (accepting to all ready): ` +
          rollups
            .map((rollup) => `${rollup.name}: ${rollup.rowCount} rows in ${rollup.buildMs} ms`)
            .join('; ') +
          '.',
        `Rounds (ms) without rollups ${figures.plainMs.join(', ')}; DuckDB alone ${figures.directMs.join(', ')}; with rollups ${figures.rolledMs.join(', ')}.`,
      ],
    };
  } finally {
    rmSync(copy, { force: true });
    await server.stop();
  }
}
