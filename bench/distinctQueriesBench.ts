import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type { SemanticQuery } from '../common/analytics';
import type { BenchSession } from './benchApi';
import type { BenchChild } from './benchChild';
import { postQuery, type FlightsDataset } from './flightQueries';
import { median, percentile, round2 } from './statistics';

// Distinct, uncached chart queries under load: `connections` clients each ask one query after
// another for a while, every query different (a new distance bound), through the server's
// chart path (POST /query) and, the same way, as SQL straight to DuckDB on a copy of the
// warehouse. Throughput is answers a second; p50 and p99 are of each answer's time. The two
// sides take turns in short rounds, so that a drift of the machine's speed (a shared VM's
// varies by a tenth from one ten seconds to the next) weighs on both alike: the ratio is the
// median of the rounds' ratios, each of a server round over the DuckDB round right after it.

export interface LoadFigures {
  connections: number;
  serverPerSecond: number;
  duckdbPerSecond: number;
  /** The median of roundRatios. */
  ratio: number;
  roundRatios: number[];
  serverP50Ms: number;
  serverP99Ms: number;
  duckdbP50Ms: number;
  duckdbP99Ms: number;
  /** Answers 503 (queue full) from the server, each retried after a short pause. */
  refused: number;
}

/** DuckDB's own side keeps this many connections: it parallelises each query itself. */
const DUCKDB_CONNECTIONS = 4;
/**
 * Both sides run unmeasured first: the server's kept statements, JIT and buffer pool, and the
 * fresh copy's buffer pool, would otherwise count against whichever load comes first.
 */
export const WARM_UP_SECONDS = 10;
/** Each side's time at a load is cut into this many rounds, taken in turn. */
const ROUNDS = 8;

let nextBound = 0;
const distinctBound = () => (nextBound++ % 5000) + 1;

/** Flights and their mean delay farther than `bound`: the chart query and its SQL. */
const farFlights = (flights: FlightsDataset, bound: number): SemanticQuery => ({
  datasetId: flights.id,
  dimensions: [],
  measures: [
    { field: '*', agg: 'count' },
    { field: 'delay', agg: 'avg' },
  ],
  filters: [{ field: 'distance', op: '>', value: bound }],
  sort: [],
});
const farFlightsSql = (bound: number) =>
  `select count(*) as count, avg(delay) as avg_delay from flights where distance > ${bound}`;

interface LoadRun {
  answers: number;
  latencies: number[];
  seconds: number;
}

const perSecond = (run: LoadRun) => run.answers / run.seconds;

/** The rounds of one side put together. */
function together(runs: LoadRun[]): LoadRun {
  return {
    answers: runs.reduce((sum, run) => sum + run.answers, 0),
    latencies: runs.flatMap((run) => run.latencies),
    seconds: runs.reduce((sum, run) => sum + run.seconds, 0),
  };
}

/** `connections` loops asking `ask` until `seconds` have passed. */
async function drive(
  connections: number,
  seconds: number,
  ask: (bound: number) => Promise<void>,
): Promise<LoadRun> {
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const sent = performance.now();
      await ask(distinctBound());
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  return { answers: latencies.length, latencies, seconds: (performance.now() - started) / 1000 };
}

function directAsker(connections: DuckDBConnection[]) {
  const idle = [...connections];
  const waiting: ((connection: DuckDBConnection) => void)[] = [];
  const take = () =>
    idle.pop() ?? new Promise<DuckDBConnection>((resolve) => waiting.push(resolve));
  const give = (connection: DuckDBConnection) => {
    const next = waiting.shift();
    if (next) next(connection);
    else idle.push(connection);
  };
  return async (bound: number) => {
    const connection = await take();
    try {
      (await connection.runAndReadAll(farFlightsSql(bound))).getRowsJS();
    } finally {
      give(connection);
    }
  };
}

export async function benchDistinctQueries(
  server: BenchChild,
  session: BenchSession,
  flights: FlightsDataset,
  loads: number[],
  seconds: number,
): Promise<LoadFigures[]> {
  await server.call('configureCache', { cacheTtlMs: 0 });
  const copy = join(tmpdir(), `brandboard-bench-distinct-${process.pid}.duckdb`);
  await server.call('copyWarehouse', { to: copy });
  const instance = await DuckDBInstance.create(copy);
  const pool = await Promise.all(
    Array.from({ length: DUCKDB_CONNECTIONS }, () => instance.connect()),
  );
  const figures: LoadFigures[] = [];
  let refused = 0;
  const viaServer = async (bound: number) => {
    for (;;) {
      try {
        await postQuery(server.url, session, farFlights(flights, bound));
        return;
      } catch (error) {
        if (!String(error).includes(': 503 ')) throw error;
        refused++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  try {
    await drive(loads[0], WARM_UP_SECONDS, viaServer);
    await drive(loads[0], WARM_UP_SECONDS, directAsker(pool));
    for (const connections of loads) {
      refused = 0;
      const servedRounds: LoadRun[] = [];
      const directRounds: LoadRun[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        servedRounds.push(await drive(connections, seconds / ROUNDS, viaServer));
        directRounds.push(await drive(connections, seconds / ROUNDS, directAsker(pool)));
      }
      const served = together(servedRounds);
      const direct = together(directRounds);
      const roundRatios = servedRounds.map(
        (round, index) => perSecond(round) / perSecond(directRounds[index]),
      );
      figures.push({
        connections,
        serverPerSecond: round2(perSecond(served)),
        duckdbPerSecond: round2(perSecond(direct)),
        ratio: round2(median(roundRatios)),
        roundRatios: roundRatios.map(round2),
        serverP50Ms: round2(percentile(served.latencies, 0.5)),
        serverP99Ms: round2(percentile(served.latencies, 0.99)),
        duckdbP50Ms: round2(percentile(direct.latencies, 0.5)),
        duckdbP99Ms: round2(percentile(direct.latencies, 0.99)),
        refused,
      });
    }
  } finally {
    for (const connection of pool) connection.closeSync();
    instance.closeSync();
    rmSync(copy, { force: true });
    await server.call('configureCache', { cacheTtlMs: 60_000 });
  }
  return figures;
}
