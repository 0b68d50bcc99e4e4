import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Queue } from 'bullmq';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { addAccountWithUsers, call, sessionTokenFor } from './fixtures';

// The one server helper of the api and unit suites: the real server (buildApp) on a
// temporary DATA_DIR, listening on a free port, on SQLite or on a fresh PostgreSQL database.
// Tests talk to it over HTTP (`call` in fixtures.ts) or in process (`injectAs`).

export const TEST_PASSWORD = 'test-demo-password-1';
export const POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export type Backend = 'sqlite' | 'postgres';

/** A request the server received: its method, path without query, headers, JSON body as text. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  baseUrl: string;
  /** The same as baseUrl (the name `call` takes). */
  base: string;
  port: number;
  /** Every request received, in order (for tests of what a web page sent). */
  requests: ReceivedRequest[];
  /** A session token of `username` on `site`, stored the way sign-in stores one. */
  sessionFor: (site: string, username: string) => Promise<string>;
  /** The account `site` (made when missing) with one user per entry (username -> role). */
  addAccount: (site: string, roles: Record<string, string>) => Promise<number>;
  close: () => Promise<void>;
}

export interface StartOptions {
  backend?: Backend;
  env?: Record<string, string>;
  /** The demo warehouse (3M flights) costs a few seconds; off unless a test needs it. */
  seedDemoWarehouse?: boolean;
  /** Runs on the built app before it listens (e.g. a hook that records requests). */
  beforeListen?: (app: FastifyInstance) => void;
}

/** Whether `probe` succeeds; under CI=true an unreachable server is a failure, not a skip. */
async function reachable(server: string, address: string, probe: () => Promise<void>) {
  try {
    await probe();
    return true;
  } catch (error) {
    if (process.env.CI === 'true')
      throw new Error(`${server} is unreachable: ${String(error)}`, { cause: error });
    console.warn(`SKIPPING ${server} suites: ${address} is unreachable.`);
    return false;
  }
}

let postgresReachable: Promise<boolean> | undefined;

export function isPostgresReachable(): Promise<boolean> {
  postgresReachable ??= reachable('PostgreSQL', POSTGRES_ADMIN_URL, async () => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await client.connect();
    await client.end();
  });
  return postgresReachable;
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function recordRequests(app: FastifyInstance, requests: ReceivedRequest[]) {
  const received = new WeakMap<object, ReceivedRequest>();
  app.addHook('onRequest', async (request) => {
    const entry = {
      method: request.method,
      path: request.url.split('?')[0],
      headers: request.headers,
      body: '',
    };
    received.set(request, entry);
    requests.push(entry);
  });
  app.addHook('preValidation', async (request) => {
    const entry = received.get(request);
    if (!entry || request.body === undefined) return;
    try {
      entry.body = JSON.stringify(request.body);
    } catch {
      // A body nested deeper than JSON.stringify can walk (the fuzz sends some): the server
      // answers it; the log keeps a mark instead of failing the request.
      entry.body = '[too deep to record]';
    }
  });
}

/** The real server on a temporary DATA_DIR (and database), listening on a free port. */
export async function build(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brandboard-api-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DEMO_PASSWORD: TEST_PASSWORD,
    BASE_DOMAIN: 'localhost',
    BRANDBOARD_TEST_SCRYPT_N: '1024',
    VITEST: 'true',
    LOG_LEVEL: 'warn',
    WEB_DIR: join(dataDir, 'no-web-build'),
    ...options.env,
  };
  let dropDatabase: (() => Promise<void>) | undefined;
  if (options.backend === 'postgres') {
    const name = `brandboard_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    dropDatabase = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${name}`;
    env.APP_SECRET ??= randomBytes(32).toString('hex');
  }
  const config = loadConfig(env);
  const app = await buildApp(config, {
    logger: false,
    seedDemoWarehouse: options.seedDemoWarehouse ?? false,
  });
  const requests: ReceivedRequest[] = [];
  recordRequests(app, requests);
  options.beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    config,
    baseUrl,
    base: baseUrl,
    port,
    requests,
    sessionFor: (site, username) => sessionTokenFor(app, site, username),
    addAccount: (site, roles) => addAccountWithUsers({ app, config }, site, roles),
    close: async () => {
      await app.close();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const REDIS_URL = 'redis://127.0.0.1:6379';
let redisReachable: Promise<boolean> | undefined;

export function isRedisReachable(): Promise<boolean> {
  redisReachable ??= reachable('Redis', REDIS_URL, async () => {
    const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await probe.connect();
      await probe.ping();
    } finally {
      probe.disconnect();
    }
  });
  return redisReachable;
}

/**
 * `count` instances of one installation, as behind a load balancer: one PostgreSQL store and
 * one Redis (under a prefix of their own), each with its own DATA_DIR and port.
 */
export async function buildInstances(
  count: number,
  env: Record<string, string> = {},
): Promise<TestServer[]> {
  const shared = { REDIS_URL, REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`, ...env };
  const first = await build({ backend: 'postgres', env: shared });
  const instances = [first];
  for (let i = 1; i < count; i++) instances.push(await addInstance(first, env));
  return instances;
}

/** One more instance of the installation `first`. */
function addInstance(first: TestServer, env: Record<string, string> = {}): Promise<TestServer> {
  const { databaseUrl, appSecret, redisPrefix } = first.config;
  return build({
    env: {
      REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      DATABASE_URL: databaseUrl!,
      APP_SECRET: appSecret,
      ...env,
    },
  });
}

/**
 * The installation's job queue (server/jobs/bullmqJobQueue.ts), as an operator's tool reads
 * it. BullMQ is loaded only by the suites that use it, as the server loads it only on Redis.
 */
export async function jobQueueOf(server: Pick<TestServer, 'config'>): Promise<Queue> {
  const [{ Queue }, { JOB_QUEUE_NAME }] = await Promise.all([
    import('bullmq'),
    import('../../server/jobs/bullmqJobQueue'),
  ]);
  const prefix = server.config.redisPrefix;
  return new Queue(JOB_QUEUE_NAME, { connection: { url: REDIS_URL }, prefix });
}

/** Removes a closed installation's job queue from Redis (its periodic jobs would stay). */
export async function removeJobQueue(server: Pick<TestServer, 'config'>): Promise<void> {
  const queue = await jobQueueOf(server);
  await queue.obliterate({ force: true });
  await queue.close();
}

/** Closes instances made by buildInstances, the first (which drops the store) last. */
export async function closeInstances(instances: TestServer[]): Promise<void> {
  for (const instance of [...instances].reverse()) await instance.close();
  if (instances.length > 0) await removeJobQueue(instances[0]);
}

export interface Session {
  token: string;
  site: string;
  headers: Record<string, string>;
}

/** The name the suites have used for `build`. */
export const startServer = build;

/** A user to act as: `username` of the account `site`. */
export interface ActingUser {
  site: string;
  username: string;
}

/**
 * `request` injected in process as `user` (a fresh session token of theirs and the site
 * header), or anonymously when `user` is null.
 */
export async function injectAs(
  server: Pick<TestServer, 'app' | 'sessionFor'>,
  user: ActingUser | null,
  request: InjectOptions,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (user) {
    headers.authorization = `Bearer ${await server.sessionFor(user.site, user.username)}`;
    headers.site = user.site;
  }
  return server.app.inject({ ...request, headers: { ...headers, ...request.headers } });
}

/** Signs in over HTTP; throws with the answer when sign-in fails. */
export async function login(
  baseUrl: string,
  site: string,
  username: string,
  password = TEST_PASSWORD,
): Promise<Session> {
  const answer = await call({ base: baseUrl }, 'POST', '/api/v1/login', {
    site,
    body: { username, password },
  });
  if (answer.status !== 200) {
    throw new Error(`login ${site}/${username}: ${answer.status} ${JSON.stringify(answer.json)}`);
  }
  const { token } = answer.json as { token: string };
  return { token, site, headers: { authorization: `Bearer ${token}`, site } };
}

/** A JSON call with a session's headers (`call` with the session's token and site). */
export async function api(
  baseUrl: string,
  session: Session | null,
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const answer = await call({ base: baseUrl }, method, path, {
    ...(typeof body === 'string' ? { rawBody: body } : { body }),
    headers: { ...(session?.headers ?? {}), ...extraHeaders },
  });
  return { status: answer.status, body: answer.json, headers: answer.headers };
}
