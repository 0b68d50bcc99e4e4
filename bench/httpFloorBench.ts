import type { SemanticQuery } from '../common/analytics';
import type { BenchSession } from './benchApi';
import { startChild } from './benchChild';
import { postQuery, type QueryAnswer } from './flightQueries';
import { median, round2 } from './statistics';

// The HTTP round trip alone: the same POST /api/v1/query sent to bare Fastify (another
// process, no auth, no database) that answers the same bytes at once, timed the same way
// as the real server, alternating with the same direct DuckDB run. What remains of a short
// query's end-to-end figure above this floor is the server's own work.

/** The median round trip in ms; `runDirect` runs the query's SQL directly in DuckDB. */
export async function benchHttpFloor(
  session: BenchSession,
  query: SemanticQuery,
  answer: QueryAnswer,
  runDirect: () => Promise<unknown>,
  runs: number,
): Promise<number> {
  const bare = await startChild('bench/bareServer.ts');
  try {
    await bare.call('setQueryAnswer', answer);
    await postQuery(bare.url, session, query);
    const roundTrips: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await postQuery(bare.url, session, query);
      roundTrips.push(performance.now() - started);
      await runDirect();
    }
    return round2(median(roundTrips));
  } finally {
    await bare.stop();
  }
}
