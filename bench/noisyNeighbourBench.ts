import { performance } from 'node:perf_hooks';
import { callApi, signIn, type BenchSession } from './benchApi';
import type { BenchChild } from './benchChild';
import type { FlightsDataset } from './flightQueries';
import { median, round2 } from './statistics';
import { askSql, SMALL_QUERY, type BenchTenant } from './tenantApi';

// The noisy neighbour: one tenant (acme) runs four long queries over its 3M flights without
// pause while another tenant asks a small query, and someone signs in. Each is timed idle and
// under that load; the figures are the ratios of medians.

export interface NoisyNeighbourFigures {
  samples: number;
  smallIdleMs: number;
  smallBusyMs: number;
  smallRatio: number;
  signInIdleMs: number;
  signInBusyMs: number;
  signInRatio: number;
  longQueriesFinished: number;
}

const LONG_QUERIES = 4;
/** A full scan of flights thirty times over: seconds of DuckDB work. */
const LONG_SQL =
  'select count(*) as n, avg(f.delay + r.range) as d from flights f, range(30) r where f.distance > r.range';

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function medianOf(samples: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push(await timed(work));
  return round2(median(times));
}

/** Keeps `count` long queries of acme running until `stop()`; answers how many finished. */
function startLongQueries(server: BenchChild, acme: BenchSession, flights: FlightsDataset) {
  let running = true;
  let finished = 0;
  const loop = async () => {
    while (running) {
      await callApi(server.url, acme, 'POST', '/api/v1/sql', {
        sourceId: flights.sourceId,
        sql: LONG_SQL,
      }).catch(() => undefined);
      finished++;
    }
  };
  const loops = Array.from({ length: LONG_QUERIES }, loop);
  return async () => {
    running = false;
    await Promise.all(loops);
    return finished;
  };
}

export async function benchNoisyNeighbour(
  server: BenchChild,
  acme: BenchSession,
  flights: FlightsDataset,
  neighbour: BenchTenant,
  samples: number,
): Promise<NoisyNeighbourFigures> {
  await server.call('configureCache', { cacheTtlMs: 0 });
  const small = () => askSql(server.url, neighbour, SMALL_QUERY);
  const signInOnce = () => signIn(server.url, 'acme', 'viewer');
  await small();
  const smallIdleMs = await medianOf(samples, small);
  const signInIdleMs = await medianOf(Math.ceil(samples / 3), signInOnce);

  const stop = startLongQueries(server, acme, flights);
  // Let the four long queries take hold of the engine first.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const smallBusyMs = await medianOf(samples, small);
  const signInBusyMs = await medianOf(Math.ceil(samples / 3), signInOnce);
  const longQueriesFinished = await stop();
  await server.call('configureCache', { cacheTtlMs: 60_000 });
  return {
    samples,
    smallIdleMs,
    smallBusyMs,
    smallRatio: round2(smallBusyMs / smallIdleMs),
    signInIdleMs,
    signInBusyMs,
    signInRatio: round2(signInBusyMs / signInIdleMs),
    longQueriesFinished,
  };
}
