import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { SemanticQuery } from '../common/analytics';
import type { BenchSession } from './benchApi';
import type { BenchChild } from './benchChild';
import { benchHttpFloor } from './httpFloorBench';
import {
  monthlyCount,
  originDelay,
  postQuery,
  type FlightsDataset,
  type QueryAnswer,
} from './flightQueries';
import { median, round2, roundRatiosOf } from './statistics';

// Uncached semantic queries over flights (3M rows) through the whole server (HTTP, auth,
// dataset lookup, compile, DuckDB, JSON) against the SAME SQL run directly in a fresh DuckDB
// instance on a copy of the warehouse file, alternating run by run in the same process time.

export interface SemanticQueryFigures {
  query: string;
  sql: string;
  runs: number;
  rows: number;
  /** Request to parsed answer at the client. */
  serverMedianMs: number;
  /** Fastify's request-to-response time inside the server. */
  serverInsideMedianMs: number;
  directMedianMs: number;
  /** Each round's median server time over its median direct time. */
  roundRatios: number[];
  /** The median of roundRatios: the end-to-end figure. */
  ratio: number;
  /** Each round's median time inside the server over its median direct time. */
  insideRoundRatios: number[];
  /** The median of insideRoundRatios: the figure without the HTTP round trip. */
  insideRatio: number;
}

/** The two queries timed: a short one (about 7 ms in DuckDB) and a long one (about 50 ms). */
export interface SemanticBenchFigures {
  topOrigins: SemanticQueryFigures;
  perMonth: SemanticQueryFigures;
  /** The top-20 query's round trip to bare Fastify answering the same bytes (ms). */
  httpFloorMs: number;
}

export interface SemanticBenchPlan {
  rounds: number;
  runsPerRound: number;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

async function runDirect(connection: DuckDBConnection, sql: string): Promise<unknown[][]> {
  const reader = await connection.runAndReadAll(sql);
  return reader.getRowsJS();
}

function requireUncached(answer: QueryAnswer, name: string): QueryAnswer {
  if (answer.cached) throw new Error(`${name}: the server answered from its cache.`);
  return answer;
}

async function benchOne(
  server: BenchChild,
  session: BenchSession,
  connection: DuckDBConnection,
  name: string,
  query: SemanticQuery,
  plan: SemanticBenchPlan,
): Promise<SemanticQueryFigures> {
  // Warm-up: both sides read the columns into memory once before anything is measured.
  const first = requireUncached(await postQuery(server.url, session, query), name);
  // The compiled SQL of these queries has no bound values, so the text alone is the query.
  if (/\$\d|\?/.test(first.sql)) throw new Error(`${name}: the SQL has parameters: ${first.sql}`);
  const directRows = await runDirect(connection, first.sql);
  if (directRows.length < first.rowCount) {
    throw new Error(
      `${name}: DuckDB answered ${directRows.length} rows, the server ${first.rowCount}.`,
    );
  }

  const serverMs: number[] = [];
  const directMs: number[] = [];
  await server.call('recordQueryTimings');
  for (let run = 0; run < plan.rounds * plan.runsPerRound; run++) {
    const viaServer = await timed(() => postQuery(server.url, session, query));
    requireUncached(viaServer.value, name);
    if (viaServer.value.sql !== first.sql) throw new Error(`${name}: the compiled SQL changed.`);
    serverMs.push(viaServer.ms);
    directMs.push((await timed(() => runDirect(connection, first.sql))).ms);
  }
  const roundRatios = roundRatiosOf(serverMs, directMs, plan.runsPerRound);
  const inside = await server.call<number[]>('takeQueryTimings');
  if (inside.length !== serverMs.length) {
    throw new Error(`${name}: the server timed ${inside.length} answers of ${serverMs.length}.`);
  }
  const insideRoundRatios = roundRatiosOf(inside, directMs, plan.runsPerRound);
  const serverMedianMs = median(serverMs);
  const serverInsideMedianMs = median(inside);
  const directMedianMs = median(directMs);
  return {
    query: name,
    sql: first.sql,
    runs: serverMs.length,
    rows: first.rowCount,
    serverMedianMs: round2(serverMedianMs),
    serverInsideMedianMs: round2(serverInsideMedianMs),
    directMedianMs: round2(directMedianMs),
    roundRatios,
    ratio: round2(median(roundRatios)),
    insideRoundRatios,
    insideRatio: round2(median(insideRoundRatios)),
  };
}

export async function benchSemanticQueries(
  server: BenchChild,
  session: BenchSession,
  flights: FlightsDataset,
  plan: SemanticBenchPlan,
): Promise<SemanticBenchFigures> {
  await server.call('configureCache', { cacheTtlMs: 0 });
  const copy = join(tmpdir(), `brandboard-bench-warehouse-${process.pid}.duckdb`);
  await server.call('copyWarehouse', { to: copy });
  const instance = await DuckDBInstance.create(copy);
  const connection = await instance.connect();
  try {
    const topOrigins = await benchOne(
      server,
      session,
      connection,
      'Average delay of the top 20 origins',
      originDelay(flights.id),
      plan,
    );
    const perMonth = await benchOne(
      server,
      session,
      connection,
      'Flights per month',
      monthlyCount(flights.id),
      plan,
    );
    const answer = await postQuery(server.url, session, originDelay(flights.id));
    const httpFloorMs = await benchHttpFloor(
      session,
      originDelay(flights.id),
      answer,
      () => runDirect(connection, answer.sql),
      plan.rounds * plan.runsPerRound,
    );
    return { topOrigins, perMonth, httpFloorMs };
  } finally {
    connection.closeSync();
    instance.closeSync();
    rmSync(copy, { force: true });
  }
}
