import type { BenchSession } from './benchApi';
import type { BenchChild } from './benchChild';
import { destinationDistance, originDelay, postQuery, type FlightsDataset } from './flightQueries';
import { percentile, round2 } from './statistics';

// Cached chart data: Fastify's request-to-response time inside the server for repeated
// identical /query calls answered from the cache, and how many times the source runs when
// many identical requests arrive together (cache + single-flight: once).

export interface CachedQueryFigures {
  requests: number;
  serverP50Ms: number;
  serverP95Ms: number;
  clientP50Ms: number;
  concurrentRequests: number;
  concurrentExecutions: number;
}

export async function benchCachedQueries(
  server: BenchChild,
  session: BenchSession,
  flights: FlightsDataset,
  options: { requests: number; concurrent: number },
): Promise<CachedQueryFigures> {
  await server.call('configureCache', { cacheTtlMs: 10 * 60 * 1000 });
  const query = originDelay(flights.id);
  const miss = await postQuery(server.url, session, query);
  if (miss.cached) throw new Error('The first query after configuring the cache was cached.');

  const clientMs: number[] = [];
  await server.call('recordQueryTimings');
  for (let request = 0; request < options.requests; request++) {
    const started = performance.now();
    const answer = await postQuery(server.url, session, query);
    clientMs.push(performance.now() - started);
    if (!answer.cached) throw new Error('A repeated query was not answered from the cache.');
  }
  const serverMs = await server.call<number[]>('takeQueryTimings');
  if (serverMs.length !== options.requests) {
    throw new Error(`Recorded ${serverMs.length} server timings for ${options.requests} requests.`);
  }

  // A query nobody asked yet, sent by many clients at once.
  const concurrentQuery = destinationDistance(flights.id);
  const before = await server.call<number>('executions', { sourceId: flights.sourceId });
  const answers = await Promise.all(
    Array.from({ length: options.concurrent }, () =>
      postQuery(server.url, session, concurrentQuery),
    ),
  );
  const after = await server.call<number>('executions', { sourceId: flights.sourceId });
  const expected = JSON.stringify(answers[0].rows);
  if (answers.some((answer) => JSON.stringify(answer.rows) !== expected)) {
    throw new Error('Identical concurrent queries got different rows.');
  }

  return {
    requests: options.requests,
    serverP50Ms: round2(percentile(serverMs, 0.5)),
    serverP95Ms: round2(percentile(serverMs, 0.95)),
    clientP50Ms: round2(percentile(clientMs, 0.5)),
    concurrentRequests: options.concurrent,
    concurrentExecutions: after - before,
  };
}
