import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pLimit, { type LimitFunction } from 'p-limit';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Page,
  type Route,
} from 'playwright-core';
import { ApiError } from '../../errors';

// Dashboards rendered to PDF or PNG by a headless Chromium the server drives. The browser
// opens the dashboard's shared page (`/share/dashboards/<id>/<render token>`) on the tenant's
// own origin, and every request it makes is answered by this app in-process (app.inject), so
// the page needs no network, reaches nothing else and is held by the render token's viewer.
// Renders run a few at a time (RENDER_CONCURRENCY) within RENDER_TIMEOUT_SECONDS each; a
// browser that died or was closed is launched again by the next render.

export type RenderFormat = 'pdf' | 'png';

export interface RenderSettings {
  /** CHROMIUM_PATH */
  chromiumPath: string;
  /** RENDER_CONCURRENCY: renders at once on this instance. */
  concurrency: number;
  /** RENDER_TIMEOUT_SECONDS: the most one render may take, waiting included. */
  timeoutMs: number;
}

export interface RenderRequest {
  /** The tenant's site (the `site` header of every request the page makes). */
  site: string;
  /** `scheme://host[:port]` of the tenant's site: where the page is opened. */
  origin: string;
  /** The page's path (starting with `/`). */
  path: string;
  format: RenderFormat;
}

/** A chart tile of the rendered page as a picture, under its title. */
export interface RenderedChart {
  title: string;
  png: Buffer;
}

/** A render's file and pictures of its first chart tiles (in reading order). */
export interface RenderWithCharts {
  file: Buffer;
  charts: RenderedChart[];
}

/** The width the dashboard is laid out at (its desktop grid) and the height of a PDF page. */
const PAGE = { width: 1280, height: 900 };

// What the wait for a drawn page reads in the browser: the server is type-checked without the
// DOM's types, so the few it uses are declared here, for this module only.
declare const location: { pathname: string };
declare const document: {
  querySelector(selector: string): unknown;
  querySelectorAll(selector: string): Iterable<{ getAttribute(name: string): string | null }>;
};

const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export class RenderTimeout extends ApiError {
  constructor() {
    super(503, 'The dashboard took too long to render; try again later.');
  }
}

/** The first `count` chart tiles that drew (not failed or missing), each as a PNG. */
async function firstCharts(page: Page, count: number): Promise<RenderedChart[]> {
  if (count <= 0) return [];
  const tiles = page.locator('[data-tile-kind="chart"]:has([data-tile-state])');
  const placed = [];
  for (const tile of await tiles.all()) {
    const state = await tile.locator('[data-tile-state]').first().getAttribute('data-tile-state');
    const box = await tile.boundingBox();
    if (!box || state === 'error' || state === 'missing') continue;
    placed.push({ tile, box });
  }
  placed.sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  const charts: RenderedChart[] = [];
  for (const { tile } of placed.slice(0, count)) {
    const title = (await tile.locator('h2').first().textContent())?.trim() ?? '';
    charts.push({ title, png: await tile.screenshot({ type: 'png' }) });
  }
  return charts;
}

export class DashboardRenderer {
  private browser: Promise<Browser> | null = null;
  private readonly limit: LimitFunction;
  private closed = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly settings: RenderSettings,
  ) {
    this.limit = pLimit(settings.concurrency);
  }

  /** The page as a PDF (one page per screenful, text kept as text) or a full-page PNG. */
  async render(request: RenderRequest): Promise<Buffer> {
    return (await this.renderWithCharts(request, 0)).file;
  }

  /**
   * The page as `render` makes it, with PNGs of its first `charts` chart tiles that drew
   * (top to bottom, then in reading order along a row), taken in the same render.
   */
  renderWithCharts(request: RenderRequest, charts: number): Promise<RenderWithCharts> {
    return this.limit(() => this.renderWithin(request, charts));
  }

  /** Renders that run at once. */
  get slots(): number {
    return this.settings.concurrency;
  }

  /** Renders waiting or running now. */
  get pending(): number {
    return this.limit.activeCount + this.limit.pendingCount;
  }

  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close();
  }

  private async renderWithin(request: RenderRequest, charts: number): Promise<RenderWithCharts> {
    const context = await this.newContext();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RenderTimeout()), this.settings.timeoutMs);
    });
    try {
      return await Promise.race([this.renderIn(context, request, charts), timeout]);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      this.app.log.warn({ err: error }, 'A dashboard render failed');
      throw new ApiError(503, 'The dashboard could not be rendered; try again in a moment.');
    } finally {
      clearTimeout(timer);
      await context.close().catch(() => undefined);
    }
  }

  /**
   * A fresh context (no cookies, no storage) of a live browser. A browser that died may not
   * have told so yet: its refusal makes a new one, once.
   */
  private async newContext(): Promise<BrowserContext> {
    const options = { viewport: PAGE, colorScheme: 'light', serviceWorkers: 'block' } as const;
    const launched = this.liveBrowser();
    const browser = await launched;
    try {
      return await browser.newContext(options);
    } catch {
      if (this.browser === launched) this.browser = null;
      void browser.close().catch(() => undefined);
      return (await this.liveBrowser()).newContext(options);
    }
  }

  private liveBrowser(): Promise<Browser> {
    if (this.closed) return Promise.reject(new Error('The renderer is closed.'));
    if (!this.browser) {
      const launching = chromium.launch({
        executablePath: this.settings.chromiumPath,
        headless: true,
        args: BROWSER_ARGS,
      });
      this.browser = launching;
      launching.then(
        (browser) =>
          browser.on('disconnected', () => {
            if (this.browser === launching) this.browser = null;
          }),
        () => {
          if (this.browser === launching) this.browser = null;
        },
      );
    }
    return this.browser;
  }

  private async renderIn(
    context: BrowserContext,
    request: RenderRequest,
    chartCount: number,
  ): Promise<RenderWithCharts> {
    const clientAddress = `render-${randomUUID()}`;
    await context.route('**/*', (route) => this.answer(route, request, clientAddress));
    const page = await context.newPage();
    page.setDefaultTimeout(this.settings.timeoutMs);
    await page.emulateMedia({ media: 'screen' });
    const opened = await page.goto(`${request.origin}${request.path}`, { waitUntil: 'load' });
    if (!opened?.ok())
      throw new ApiError(503, 'The web app that renders dashboards is not available.');
    // Drawn: the title is there and no tile is still loading (nor is the page refused).
    await page.waitForFunction(
      () =>
        !location.pathname.startsWith('/share/') ||
        (document.querySelector('main h1') !== null &&
          Array.from(document.querySelectorAll('[data-tile-state]')).every(
            (tile) => tile.getAttribute('data-tile-state') !== 'loading',
          )),
      undefined,
      { timeout: 0, polling: 100 },
    );
    if (!new URL(page.url()).pathname.startsWith('/share/')) {
      throw new ApiError(404, 'The dashboard could not be opened for this viewer.');
    }
    const charts = await firstCharts(page, chartCount);
    if (request.format === 'png') {
      return { file: await page.screenshot({ fullPage: true, type: 'png' }), charts };
    }
    const file = await page.pdf({
      width: `${PAGE.width}px`,
      height: `${PAGE.height}px`,
      printBackground: true,
      margin: { top: '16px', bottom: '16px', left: '16px', right: '16px' },
    });
    return { file, charts };
  }

  /** A request of the page: answered by this app when it is for the tenant's origin, else refused. */
  private async answer(route: Route, render: RenderRequest, clientAddress: string) {
    const request = route.request();
    const url = new URL(request.url());
    if (url.origin !== render.origin) return route.abort('blockedbyclient');
    const headers = { ...request.headers(), host: url.host, site: render.site };
    const options: InjectOptions = {
      method: request.method() as InjectOptions['method'],
      url: `${url.pathname}${url.search}`,
      headers,
      remoteAddress: clientAddress,
    };
    const body = request.postDataBuffer();
    if (body) options.payload = body;
    const answer = await this.app.inject(options);
    const answerHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined)
        answerHeaders[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    await route.fulfill({
      status: answer.statusCode,
      headers: answerHeaders,
      body: answer.rawPayload,
    });
  }
}
