import autocannon from 'autocannon';
import { BENCH_PASSWORD, callApi, type BenchSession } from './benchApi';
import { startChild, type BenchChild } from './benchChild';
import { median, round2 } from './statistics';

// An authenticated simple-rest list call of the real server (GET /api/v1/users, 25 rows, as
// acme's admin: session check, tenant and role checks, a database query) against bare Fastify
// answering the same 25 rows from memory. Both run in their own process and are loaded by
// autocannon from this one, one after the other, with the same settings: a warm-up run of
// each (not counted), then alternating rounds. On a shared two-core machine one round can
// be disturbed, so the figure is the median of the rounds' ratios.

export const LIST_PATH = `/api/v1/users?range=${encodeURIComponent('[0,24]')}`;
const LIST_ROWS = 25;

export interface ListRound {
  bareRequestsPerSecond: number;
  appRequestsPerSecond: number;
  /** app req/s as a percentage of bare req/s in this round */
  percentOfBare: number;
}

export interface ListThroughputFigures {
  connections: number;
  durationSeconds: number;
  warmUpSeconds: number;
  rounds: ListRound[];
  /** medians over the rounds */
  bareRequestsPerSecond: number;
  appRequestsPerSecond: number;
  /** the median of the rounds' percentages: the figure held to the budget */
  percentOfBare: number;
}

async function totalUsers(baseUrl: string, session: BenchSession): Promise<number> {
  const response = await fetch(`${baseUrl}${LIST_PATH}`, { headers: session.headers });
  const range = response.headers.get('content-range') ?? '';
  const total = Number(range.split('/')[1]);
  if (!Number.isInteger(total)) throw new Error(`No total in Content-Range "${range}".`);
  return total;
}

/** Adds users to acme until the list has at least 25 rows. */
async function ensureUsers(baseUrl: string, session: BenchSession): Promise<void> {
  const missing = LIST_ROWS - (await totalUsers(baseUrl, session));
  for (let n = 1; n <= missing; n++) {
    await callApi(baseUrl, session, 'POST', '/api/v1/users', {
      username: `bench.user${n}`,
      fullName: `Bench User ${n}`,
      email: `bench.user${n}@acme.example`,
      role: n % 3 === 0 ? 'editor' : 'viewer',
      password: BENCH_PASSWORD,
    });
  }
}

async function requestsPerSecond(
  url: string,
  headers: Record<string, string>,
  settings: { connections: number; durationSeconds: number },
): Promise<number> {
  const result = await autocannon({
    url,
    headers,
    connections: settings.connections,
    duration: settings.durationSeconds,
  });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${url}: ${result.errors} errors and ${result.non2xx} non-2xx answers.`);
  }
  return result.requests.average;
}

export async function benchListThroughput(
  app: BenchChild,
  session: BenchSession,
  settings: { connections: number; durationSeconds: number; warmUpSeconds: number; rounds: number },
): Promise<ListThroughputFigures> {
  await ensureUsers(app.url, session);
  const rows = await callApi<unknown[]>(app.url, session, 'GET', LIST_PATH);
  if (rows.length !== LIST_ROWS) throw new Error(`The list answered ${rows.length} rows.`);

  let bare: BenchChild | undefined;
  try {
    bare = await startChild('bench/bareServer.ts');
    await bare.call('setRows', rows);
    const bareRows = (await (await fetch(`${bare.url}${LIST_PATH}`)).json()) as unknown[];
    if (JSON.stringify(bareRows) !== JSON.stringify(rows)) {
      throw new Error('The bare server does not answer the same rows.');
    }
    const warmUp = { ...settings, durationSeconds: settings.warmUpSeconds };
    await requestsPerSecond(`${bare.url}${LIST_PATH}`, {}, warmUp);
    await requestsPerSecond(`${app.url}${LIST_PATH}`, session.headers, warmUp);
    const rounds: ListRound[] = [];
    for (let round = 0; round < settings.rounds; round++) {
      const bareRequestsPerSecond = await requestsPerSecond(
        `${bare.url}${LIST_PATH}`,
        {},
        settings,
      );
      const appRequestsPerSecond = await requestsPerSecond(
        `${app.url}${LIST_PATH}`,
        session.headers,
        settings,
      );
      rounds.push({
        bareRequestsPerSecond: round2(bareRequestsPerSecond),
        appRequestsPerSecond: round2(appRequestsPerSecond),
        percentOfBare: round2((appRequestsPerSecond / bareRequestsPerSecond) * 100),
      });
    }
    return {
      connections: settings.connections,
      durationSeconds: settings.durationSeconds,
      warmUpSeconds: settings.warmUpSeconds,
      rounds,
      bareRequestsPerSecond: round2(median(rounds.map((round) => round.bareRequestsPerSecond))),
      appRequestsPerSecond: round2(median(rounds.map((round) => round.appRequestsPerSecond))),
      percentOfBare: round2(median(rounds.map((round) => round.percentOfBare))),
    };
  } finally {
    await bare?.stop();
  }
}
