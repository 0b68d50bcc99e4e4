import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';

export const E2E_PASSWORD = 'e2e-demo-password-42';
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface E2eServer {
  app: FastifyInstance;
  port: number;
  /** http://localhost:<port> (the platform's root host) */
  rootUrl: string;
  /** http://<site>.localhost:<port> */
  siteUrl: (site: string) => string;
  close: () => Promise<void>;
}

/** A port free right now: the server's links are built from its configured PORT. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The real server on a temporary DATA_DIR, serving the web app built into dist/. */
export async function startE2eServer(env: Record<string, string> = {}): Promise<E2eServer> {
  if (!existsSync('dist/index.html')) throw new Error('Build the web app first: npx vite build');
  const dataDir = mkdtempSync(join(tmpdir(), 'brandboard-e2e-'));
  const port = await freePort();
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DEMO_PASSWORD: E2E_PASSWORD,
    BASE_DOMAIN: 'localhost',
    PORT: String(port),
    PUBLIC_URL: '',
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const app = await buildApp(config);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    port,
    rootUrl: `http://localhost:${port}`,
    siteUrl: (site) => `http://${site}.localhost:${port}`,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // *.localhost sub-domains reach this machine's server, as Chromium does by default.
      '--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1',
    ],
  });
}

/** A fresh browser context (no cookies, no storage) with one page. */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { context, page };
}

export async function signIn(page: Page, username: string, password = E2E_PASSWORD) {
  await page.getByLabel(/username/i).fill(username);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

/** Waits until the locator shows; fails the test with Playwright's message when it doesn't. */
export async function visible(locator: Locator, timeout = 10000): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
}

/** A fresh context signed in at `siteUrl` as `username`, on its landing page. */
export async function signedInPage(
  browser: Browser,
  siteUrl: string,
  username: string,
  viewport = { width: 1440, height: 1100 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${siteUrl}/login`);
  await signIn(page, username);
  await page.waitForURL(/getting-started|dashboards/);
  return { context, page };
}

export interface ServerAndBrowser {
  readonly server: E2eServer;
  readonly app: FastifyInstance;
  readonly browser: Browser;
  /** http://localhost:<port> (the platform's root host) */
  readonly rootUrl: string;
  /** http://<site>.localhost:<port> */
  siteUrl: (site: string) => string;
  /** A fresh browser context (no cookies, no storage) with one page. */
  newPage: () => Promise<{ context: BrowserContext; page: Page }>;
  /** A fresh context signed in at `siteUrl` as `username`, on its landing page. */
  signedInPage: (
    siteUrl: string,
    username: string,
    viewport?: { width: number; height: number },
  ) => Promise<{ context: BrowserContext; page: Page }>;
}

export interface ServerAndBrowserOptions {
  /** Runs once the server listens, before the file's tests (e.g. extra accounts). */
  setUp?: (server: E2eServer) => Promise<void>;
  /** More environment variables of the server. */
  env?: Record<string, string>;
}

/**
 * Registers beforeAll/afterAll hooks that start the real server and Chromium for the enclosing
 * describe (or file), and returns accessors valid inside its tests and later hooks.
 */
export function useServerAndBrowser(options: ServerAndBrowserOptions = {}): ServerAndBrowser {
  let server: E2eServer | undefined;
  let browser: Browser | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the e2e server and browser start in beforeAll');
    return value;
  };
  beforeAll(async () => {
    server = await startE2eServer(options.env);
    browser = await launchBrowser();
    await options.setUp?.(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server() {
      return started(server);
    },
    get app() {
      return started(server).app;
    },
    get browser() {
      return started(browser);
    },
    get rootUrl() {
      return started(server).rootUrl;
    },
    siteUrl: (site) => started(server).siteUrl(site),
    newPage: () => newPage(started(browser)),
    signedInPage: (siteUrl, username, viewport) =>
      signedInPage(started(browser), siteUrl, username, viewport),
  };
}
