import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Dashboard } from '../common/charts';
import { buildWebApp } from '../scripts/ensureDependencies.mjs';
import { callApi, signIn, type BenchSession } from './benchApi';
import { startChild, type BenchChild } from './benchChild';
import type { Figure } from './benchReport';
import { writeResult } from './benchReport';
import { flightsDashboardQueries, postQuery } from './flightQueries';
import { median, percentile, round2 } from './statistics';

// `npm run bench -- delivery`: the demo Flights dashboard (12 charts over 3M flights) made a
// PDF by the renderer subscriptions deliver with (headless Chromium on the built web app,
// through the export route): one render's time; renders per minute with two at once (the
// server's RENDER_CONCURRENCY of 2); and the dashboard's viewers, asking its 12 chart queries
// over and over as their browsers do, at the 99th percentile idle and while those renders
// run, held to 2x.

type Log = (text: string) => void;

const SINGLE_RENDERS = 3;
const RENDERS_AT_ONCE = 2;
const BUSY_SECONDS = 60;
const IDLE_SECONDS = 20;
const VIEWERS = 2;
const VIEWER_P99_BUDGET = 2;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** One PDF of the dashboard, as its Download menu asks; answers its bytes. */
async function renderPdf(server: BenchChild, session: BenchSession, dashboardId: number) {
  const answer = await fetch(`${server.url}/api/v1/dashboards/${dashboardId}/export`, {
    method: 'POST',
    headers: { ...session.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ format: 'pdf', filters: [] }),
  });
  const bytes = await answer.arrayBuffer();
  if (answer.status !== 200) throw new Error(`PDF export: ${answer.status}`);
  return bytes.byteLength;
}

/** Viewers asking the chart queries in turn until `stop`; answers every call's time. */
async function viewersUntil(
  server: BenchChild,
  session: BenchSession,
  queries: { query: Parameters<typeof postQuery>[2] }[],
  stop: Promise<void>,
): Promise<number[]> {
  let stopped = false;
  void stop.then(() => (stopped = true));
  const samples: number[] = [];
  const viewer = async () => {
    for (let next = 0; !stopped; next++) {
      const { query } = queries[next % queries.length];
      samples.push(await timed(() => postQuery(server.url, session, query)));
    }
  };
  await Promise.all(Array.from({ length: VIEWERS }, viewer));
  return samples;
}

const after = (seconds: number) =>
  new Promise<void>((done) => setTimeout(done, seconds * 1000).unref());

/** Two renders at a time for BUSY_SECONDS; answers how many finished. */
async function rendersFor(server: BenchChild, session: BenchSession, dashboardId: number) {
  const deadline = performance.now() + BUSY_SECONDS * 1000;
  let finished = 0;
  const renderer = async () => {
    while (performance.now() < deadline) {
      await renderPdf(server, session, dashboardId);
      finished += 1;
    }
  };
  await Promise.all(Array.from({ length: RENDERS_AT_ONCE }, renderer));
  return finished;
}

export async function runDeliveryBenches(
  log: Log,
): Promise<{ figures: Figure[]; details: string[] }> {
  if (!existsSync('dist/index.html')) buildWebApp();
  // The renderer draws the built web app; two renders at once.
  process.env.BENCH_WEB_DIR = resolve('dist');
  process.env.RENDER_CONCURRENCY = String(RENDERS_AT_ONCE);
  log('starting the server with the demo warehouse (3M flights) and the built web app…');
  const server = await startChild('bench/appServer.ts');
  try {
    const admin = await signIn(server.url, 'acme', 'admin');
    const viewer = await signIn(server.url, 'acme', 'viewer');
    const dashboards = await callApi<Dashboard[]>(server.url, admin, 'GET', '/api/v1/dashboards');
    const flights = dashboards.find((dashboard) => dashboard.name === 'Flights');
    if (!flights) throw new Error('The demo Flights dashboard is missing.');
    const charts = flights.tiles.filter((tile) => tile.kind === 'chart').length;

    log(`one PDF of the ${charts}-chart Flights dashboard, ${SINGLE_RENDERS} times after one…`);
    const bytes = await renderPdf(server, admin, flights.id);
    const singleMs: number[] = [];
    for (let run = 0; run < SINGLE_RENDERS; run++) {
      singleMs.push(await timed(() => renderPdf(server, admin, flights.id)));
    }

    const queries = await flightsDashboardQueries(server.url, viewer, charts);
    log(`${VIEWERS} viewers asking its ${queries.length} charts, ${IDLE_SECONDS} s idle…`);
    const idle = await viewersUntil(server, viewer, queries, after(IDLE_SECONDS));
    log(`the same for ${BUSY_SECONDS} s beside ${RENDERS_AT_ONCE} PDF renders at a time…`);
    const rendering = rendersFor(server, admin, flights.id);
    const busy = await viewersUntil(
      server,
      viewer,
      queries,
      rendering.then(() => undefined),
    );
    const rendered = await rendering;

    const singleMedianMs = Math.round(median(singleMs));
    const perMinute = round2((rendered * 60) / BUSY_SECONDS);
    const idleP99 = round2(percentile(idle, 0.99));
    const busyP99 = round2(percentile(busy, 0.99));
    const ratio = round2(busyP99 / idleP99);
    writeResult('delivery', {
      charts,
      pdfBytes: bytes,
      singleMs: singleMs.map(Math.round),
      rendersPerMinute: perMinute,
      viewers: { idleP99Ms: idleP99, busyP99Ms: busyP99, idleCalls: idle.length },
    });
    return {
      figures: [
        {
          name: `PDF of the ${charts}-chart Flights dashboard (3M flights), one render`,
          value: `${singleMedianMs} ms (median of ${SINGLE_RENDERS}; ${Math.round(bytes / 1024)} KB)`,
          budget: 'measured',
          pass: true,
        },
        {
          name: `PDF renders per minute, ${RENDERS_AT_ONCE} at once`,
          value: `${perMinute} (${rendered} in ${BUSY_SECONDS} s)`,
          budget: 'measured',
          pass: true,
        },
        {
          name: `Viewers' chart queries p99 during those renders / idle`,
          value: `${ratio}x (${busyP99} ms vs ${idleP99} ms, ${busy.length} and ${idle.length} calls)`,
          budget: `<= ${VIEWER_P99_BUDGET}x`,
          pass: ratio <= VIEWER_P99_BUDGET,
        },
      ],
      details: [
        'A delivery is one such render plus its mail; the renders run in the server process ' +
          "under its render slots, the viewers' queries are answered from the result cache " +
          'after their first round, as a dashboard reloaded by its viewers is.',
      ],
    };
  } finally {
    await server.stop();
  }
}
