import { resolve } from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import type { ChartSpec } from '../common/charts';
import { median } from './statistics';

// One line chart of 1,000,000 points in headless Chromium, drawn by the app's own code: the
// option builders of src/ui/charts/options and the modular ECharts of src/ui/charts/echarts (canvas),
// bundled with esbuild into a bare page. The rows have the shape the server answers (ISO
// timestamps and numbers). Timed in the page: buildChartOption, then init + setOption until
// ECharts' 'finished' event (which fires once the canvas has painted).

export const BIG_LINE_POINTS = 1_000_000;

export interface BigLineResult {
  points: number;
  runs: number;
  buildMedianMs: number;
  drawMedianMs: number;
  totalMedianMs: number;
  totalMs: number[];
}

const ENTRY = `
import { buildChartOption } from './src/ui/charts/options';
import { init } from './src/ui/charts/echarts';
(window as any).bigLine = { buildChartOption, init };
`;

async function bundleChartCode(): Promise<string> {
  const output = await build({
    stdin: { contents: ENTRY, resolveDir: resolve('.'), loader: 'ts', sourcefile: 'bigLine.ts' },
    bundle: true,
    format: 'iife',
    minify: true,
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return output.outputFiles[0].text;
}

const SPEC: ChartSpec = {
  type: 'line',
  title: 'One million points',
  query: {
    datasetId: 1,
    dimensions: [{ field: 'date' }],
    measures: [{ field: 'delay', agg: 'sum' }],
    filters: [],
    sort: [],
  },
  encoding: {},
  options: {},
};

interface PageTiming {
  buildMs: number;
  drawMs: number;
}

export async function benchBigLine(browser: Browser, runs: number): Promise<BigLineResult> {
  const code = await bundleChartCode();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.setContent(
      '<!doctype html><html><body style="margin:0"><div id="chart" style="width:1200px;height:500px"></div></body></html>',
    );
    await page.addScriptTag({ content: code });
    await page.evaluate((points) => {
      const start = Date.UTC(2001, 0, 1);
      const rows: unknown[][] = new Array(points);
      for (let i = 0; i < points; i += 1) {
        const value = Math.round((Math.sin(i / 5000) * 50 + Math.sin(i / 37) * 10) * 100) / 100;
        rows[i] = [new Date(start + i * 15_000).toISOString(), value];
      }
      (window as unknown as { rows: unknown[][] }).rows = rows;
    }, BIG_LINE_POINTS);

    const timings: PageTiming[] = [];
    for (let run = 0; run < runs; run += 1) {
      timings.push(
        await page.evaluate(
          (spec) =>
            new Promise<PageTiming>((done, fail) => {
              const scope = window as unknown as {
                rows: unknown[][];
                bigLine: {
                  buildChartOption: (...args: unknown[]) => unknown;
                  init: (
                    element: HTMLElement,
                    theme?: unknown,
                    options?: unknown,
                  ) => {
                    on: (event: string, handler: () => void) => void;
                    setOption: (option: unknown, options: unknown) => void;
                    dispose: () => void;
                  };
                };
              };
              const element = document.getElementById('chart');
              if (!element) return fail(new Error('no chart element'));
              const started = performance.now();
              const option = scope.bigLine.buildChartOption(
                spec,
                {
                  columns: [
                    { name: 'date', type: 'TIMESTAMP' },
                    { name: 'sum_delay', type: 'DOUBLE' },
                  ],
                  rows: scope.rows,
                  rowCount: scope.rows.length,
                  truncated: false,
                  cached: false,
                  durationMs: 0,
                },
                { palette: ['#1976d2', '#9c27b0'], dark: false, textColor: '#222' },
              );
              const built = performance.now();
              const chart = scope.bigLine.init(element, undefined, { renderer: 'canvas' });
              chart.on('finished', () => {
                const finished = performance.now();
                chart.dispose();
                done({ buildMs: built - started, drawMs: finished - built });
              });
              chart.setOption(option, { notMerge: true, lazyUpdate: false });
            }),
          SPEC,
        ),
      );
    }
    const totals = timings.map((timing) => Math.round(timing.buildMs + timing.drawMs));
    return {
      points: BIG_LINE_POINTS,
      runs,
      buildMedianMs: Math.round(median(timings.map((timing) => timing.buildMs))),
      drawMedianMs: Math.round(median(timings.map((timing) => timing.drawMs))),
      totalMedianMs: Math.round(median(totals)),
      totalMs: totals,
    };
  } finally {
    await context.close();
  }
}
