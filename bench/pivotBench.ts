import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { DatasetRecord } from '../common/api/datasets';
import type { PivotRequest } from '../common/pivot';
import { compilePivotQuery } from '../server/query/compile/compilePivotQuery';
import { callApi, signIn, type BenchSession } from './benchApi';
import { startChild, type BenchChild } from './benchChild';
import type { Figure } from './benchReport';
import { writeResult } from './benchReport';
import { findFlightsDataset, postQuery, type QueryAnswer } from './flightQueries';
import { median, round2, roundRatiosOf } from './statistics';

// `npm run bench -- pivot`: a 20 × 50 pivot with subtotals and totals over the 3M demo
// flights (the 20 busiest origins down, the 50 busiest destinations across, flights and mean
// delay in each cell) through the whole server (HTTP, auth, row policies, compile, DuckDB,
// JSON) against the same GROUPING SETS statement with the same bound values run directly in a
// fresh DuckDB instance on a copy of the warehouse, alternating run by run, uncached.

type Log = (text: string) => void;

const PLAN = { rounds: 3, runsPerRound: 15 };
const RATIO_BUDGET = 1.1;
const ROWS = 20;
const COLUMNS = 50;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/** The `count` busiest values of a field, by number of flights. */
async function busiest(
  server: BenchChild,
  session: BenchSession,
  datasetId: number,
  field: string,
  count: number,
): Promise<string[]> {
  const answer = await postQuery(server.url, session, {
    datasetId,
    dimensions: [{ field }],
    measures: [{ field: '*', agg: 'count' }],
    filters: [],
    sort: [{ key: 'count', dir: 'desc' }],
    limit: count,
  });
  return answer.rows.map((row) => String(row[0]));
}

function postPivot(server: BenchChild, session: BenchSession, pivot: PivotRequest) {
  return callApi<QueryAnswer>(server.url, session, 'POST', '/api/v1/query/pivot', pivot);
}

async function runDirect(connection: DuckDBConnection, sql: string, params: unknown[]) {
  const reader = await connection.runAndReadAll(sql, params as never);
  return reader.getRowsJS();
}

/** The statement without its row limit (the server's limit is its own setting). */
const withoutLimit = (sql: string) => sql.replace(/\nLIMIT \d+$/, '');

export async function runPivotBench(log: Log): Promise<{ figures: Figure[]; details: string[] }> {
  log('starting the server with the demo warehouse (3M flights)…');
  const server = await startChild('bench/appServer.ts');
  const copy = join(tmpdir(), `brandboard-bench-pivot-${process.pid}.duckdb`);
  try {
    const admin = await signIn(server.url, 'acme', 'admin');
    const flights = await findFlightsDataset(server.url, admin);
    const origins = await busiest(server, admin, flights.id, 'origin', ROWS);
    const destinations = await busiest(server, admin, flights.id, 'destination', COLUMNS);
    const pivot: PivotRequest = {
      datasetId: flights.id,
      rows: [{ field: 'origin' }],
      columns: [{ field: 'destination' }],
      measures: [
        { field: '*', agg: 'count' },
        { field: 'delay', agg: 'avg' },
      ],
      filters: [
        { field: 'origin', op: 'in', value: origins },
        { field: 'destination', op: 'in', value: destinations },
      ],
    };
    await server.call('configureCache', { cacheTtlMs: 0 });
    const dataset = await callApi<DatasetRecord>(
      server.url,
      admin,
      'GET',
      `/api/v1/datasets/${flights.id}`,
    );
    const compiled = compilePivotQuery(pivot, dataset, 'duckdb', { limit: 1 });

    const first = await postPivot(server, admin, pivot);
    if (first.cached) throw new Error('The pivot was answered from the cache.');
    if (withoutLimit(first.sql) !== withoutLimit(compiled.sql)) {
      throw new Error(`The server ran another statement:\n${first.sql}\n---\n${compiled.sql}`);
    }
    const cells = first.rows.length;

    log('copying the warehouse for DuckDB alone…');
    await server.call('copyWarehouse', { to: copy });
    const instance = await DuckDBInstance.create(copy);
    const connection = await instance.connect();
    const serverMs: number[] = [];
    const directMs: number[] = [];
    let inside: number[] = [];
    try {
      const directRows = await runDirect(connection, first.sql, compiled.params);
      if (directRows.length !== cells) {
        throw new Error(`DuckDB answered ${directRows.length} rows, the server ${cells}.`);
      }
      log(`the pivot, ${PLAN.rounds} rounds of ${PLAN.runsPerRound} runs, server then DuckDB…`);
      await server.call('recordQueryTimings');
      for (let run = 0; run < PLAN.rounds * PLAN.runsPerRound; run++) {
        const viaServer = await timed(() => postPivot(server, admin, pivot));
        if (viaServer.value.cached) throw new Error('The pivot was answered from the cache.');
        serverMs.push(viaServer.ms);
        directMs.push((await timed(() => runDirect(connection, first.sql, compiled.params))).ms);
      }
      inside = await server.call<number[]>('takeQueryTimings');
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
    const roundRatios = roundRatiosOf(serverMs, directMs, PLAN.runsPerRound);
    const insideRatios = roundRatiosOf(inside, directMs, PLAN.runsPerRound);
    const figures = {
      rows: ROWS,
      columns: COLUMNS,
      answerRows: cells,
      sql: first.sql,
      serverMedianMs: round2(median(serverMs)),
      serverInsideMedianMs: round2(median(inside)),
      directMedianMs: round2(median(directMs)),
      roundRatios,
      ratio: round2(median(roundRatios)),
      insideRoundRatios: insideRatios,
      insideRatio: round2(median(insideRatios)),
    };
    writeResult('pivot', { budgetRatio: RATIO_BUDGET, ...figures });
    return {
      figures: [
        {
          name: `Pivot ${ROWS} × ${COLUMNS} with totals over 3M flights / the same GROUPING SETS in DuckDB directly, end to end`,
          value: `${figures.ratio}x (${figures.serverMedianMs} ms vs ${figures.directMedianMs} ms; inside the server ${figures.insideRatio}x)`,
          budget: `<= ${RATIO_BUDGET}x`,
          pass: figures.ratio <= RATIO_BUDGET,
        },
      ],
      details: [
        `The 20 busiest origins down, the 50 busiest destinations across, flights and mean delay ` +
          `per cell with origin and destination subtotals and the grand total: ${cells} answer ` +
          `rows. ${PLAN.rounds} rounds of ${PLAN.runsPerRound} runs alternating server and ` +
          `DuckDB alone (uncached); the figure is the median of the rounds' ratios ` +
          `(${roundRatios.join(', ')}).`,
      ],
    };
  } finally {
    rmSync(copy, { force: true });
    await server.stop();
  }
}
