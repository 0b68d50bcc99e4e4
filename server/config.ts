import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statfsSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';

// The configuration: every environment variable the server reads, checked by one zod schema
// (`environment`) and turned into the Config the rest of the server is given. A bad value
// stops the start with a ConfigError naming the variable. The defaults that depend on the
// machine (query slots, each warehouse's share of memory and disk) are computed here too, so
// that this file is a leaf of the server's layers: it imports nothing of the server.

export interface UploadContentLimits {
  /** UPLOAD_MAX_JSON_DEPTH (64): deepest nesting of JSON arrays and objects. */
  maxJsonDepth: number;
  /** UPLOAD_MAX_LINE_MB (1): longest CSV record, in bytes. */
  maxLineBytes: number;
  /** UPLOAD_MAX_COLUMNS (2,000): most CSV columns, and most keys of one JSON object. */
  maxColumns: number;
}

/** The content limits and UPLOAD_TIMEOUT_SECONDS (60): time DuckDB may take to read the file. */
export interface UploadLimits extends UploadContentLimits {
  timeoutMs: number;
}

export interface ThrottleLimits {
  /** Free failed attempts per (account, username, client address); 0: no limit. */
  perUser: number;
  /** Free failed attempts per client address across users; 0: no limit. */
  perIp: number;
  /** Free failed attempts per (account, username) across addresses; 0: no limit. */
  perUserAllAddresses: number;
  /** A counter with no failure for this long after its lock is forgotten. */
  windowMs: number;
  /** The longest lock (the backoff's cap). */
  maxLockMs: number;
}

/** Background jobs (server/jobs). */
export interface JobSettings {
  /**
   * JOB_LOCK_SECONDS (30): how long a running job's claim lasts unless its instance renews it;
   * a job whose instance died runs again on another within about twice this (with REDIS_URL).
   */
  lockMs: number;
  /**
   * JOB_SHUTDOWN_SECONDS (10): how long closing waits for running jobs before it aborts them
   * (with REDIS_URL they are handed back to the other instances).
   */
  shutdownGraceMs: number;
}

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export interface WarehouseLimits {
  /** memory_limit of each warehouse, in bytes. */
  memoryBytes: number;
  /** threads of each warehouse. */
  threads: number;
  /**
   * How many open warehouses may have `threads`; one opened beyond them gets one thread (each
   * thread past the first is a worker DuckDB starts at open). Unset: all of them.
   */
  multiThreadedOpen?: number;
  /** max_temp_directory_size of each warehouse's temp folder, in bytes. */
  tempBytes: number;
  /** Connections each warehouse keeps: as many as one tenant may run queries at once. */
  connections: number;
}

/** How many warehouses stay open, and for how long unused (engines/duckdb/warehouseRegistry.ts). */
export interface WarehouseCacheSettings {
  /** Open warehouses beyond this close, least recently used first (never one in use). */
  maxOpen: number;
  /** A warehouse unused this long closes. */
  idleMs: number;
}

export interface ClickhouseWarehouseLimits {
  /** WAREHOUSE_MAX_EXECUTION_SECONDS: the server stops a tenant query after this long. */
  maxExecutionSeconds: number;
  /** WAREHOUSE_MAX_RESULT_ROWS: most rows a tenant query may answer (the server throws past). */
  maxResultRows: number;
  /** WAREHOUSE_MAX_MEMORY_MB: memory one tenant query may take, in bytes. */
  maxMemoryBytes: number;
}

/**
 * WAREHOUSE_URL=clickhouse://user:password@host:port (clickhouses:// for HTTPS): every tenant's
 * warehouse is a database of that ClickHouse server, reached over its HTTP interface by an
 * administrator (the URL's user) that creates the databases, tables and tenant users; tenant
 * queries run as the tenant's own user, read-only and limited by the server.
 */
export interface ClickhouseWarehouseConfig {
  host: string;
  port: number;
  ssl: boolean;
  /** The administrator: creates databases, tables and (current servers) tenant users. */
  user: string;
  password: string;
  /** WAREHOUSE_DATABASE_PREFIX (brandboard): database and user `<prefix>_<accountId>`. */
  prefix: string;
  /**
   * WAREHOUSE_USERS_DIR: a folder the server reads users from (its users.d beside users.xml).
   * Set: one XML file per tenant is written there (ClickHouse 18.16, users only in XML). Unset:
   * tenant users are made in SQL (CREATE USER, GRANT), as current servers allow.
   */
  usersDir?: string;
  limits: ClickhouseWarehouseLimits;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  baseDomain: string;
  /**
   * The public base URL (scheme, base host and port) every e-mailed or shown absolute link is
   * built from: PUBLIC_URL, else `http://<BASE_DOMAIN>:<PORT>`. Never the request's Host.
   */
  publicUrl: string;
  /** Password of every seeded user. */
  demoPassword: string;
  /** True when the demo password was generated because DEMO_PASSWORD was unset. */
  demoPasswordGenerated: boolean;
  appSecret: string;
  databaseUrl?: string;
  /**
   * REDIS_URL: the Redis that instances over one store share (cache invalidations, request
   * limits); unset on a single instance.
   */
  redisUrl?: string;
  /**
   * REDIS_PREFIX (brandboard): the start of every key and channel of this installation, so
   * that several may share one Redis.
   */
  redisPrefix: string;
  jobs: JobSettings;
  /** Lifetime of a sign-in session. */
  sessionTtlMs: number;
  /** Sign-in throttling with exponential backoff (server/features/auth/loginThrottle.ts). */
  loginThrottle: ThrottleLimits;
  /** Requests per minute per client address on public token look-ups; 0 turns one off. */
  rateLimits: {
    /** RATE_LIMIT_SHARE_PER_MINUTE (120): each public share route. */
    sharePerMinute: number;
    /** RATE_LIMIT_TOKENS_PER_MINUTE (20): create-password, pricing links, password reset. */
    tokensPerMinute: number;
    /** RATE_LIMIT_SCIM_PER_MINUTE (600): SCIM requests per account and client address. */
    scimPerMinute: number;
  };
  scrypt: ScryptCost;
  /** Directory holding the built web app (index.html and assets); served when it exists. */
  webDir: string;
  logLevel: string;
  /**
   * TRUST_PROXY (comma-separated addresses, CIDR ranges, or loopback, linklocal, uniquelocal):
   * the proxies whose X-Forwarded-For (and -Host, -Proto) Fastify believes; none by default,
   * each request's address then being its connection's.
   */
  trustProxy: string[];
  /**
   * DATASOURCE_ALLOWED_HOSTS (comma-separated host, IP or host:port): loopback and private
   * hosts a data source may point at; none by default.
   */
  datasourceAllowedHosts: string[];
  /**
   * DATASOURCE_ALLOW_PRIVILEGED_USERS (false): let a PostgreSQL or MySQL source connect as a
   * user that may reach the server beyond reading (superuser, pg_read_server_files, FILE,
   * SUPER, PROCESS…); refused by default.
   */
  datasourceAllowPrivilegedUsers: boolean;
  /** UPLOAD_MAX_MB (200): the largest file uploaded into a warehouse, in bytes. */
  uploadMaxBytes: number;
  /** UPLOAD_MAX_JSON_DEPTH, UPLOAD_MAX_LINE_MB, UPLOAD_MAX_COLUMNS, UPLOAD_TIMEOUT_SECONDS. */
  uploadLimits: UploadLimits;
  /** SEED_DEMO_WAREHOUSE (true): load tenant acme's demo warehouse at first start. */
  seedDemoWarehouse: boolean;
  /**
   * SSO_ALLOW_HTTP_ISSUERS (false): let an account's single sign-on use an OpenID provider
   * over plain http (a local provider in development and tests); https only by default.
   */
  ssoAllowHttpIssuers: boolean;
  /**
   * SSO_ALLOWED_HOSTS (comma-separated host or host:port): identity providers on loopback,
   * private or this server's own addresses that single sign-on may still reach.
   */
  ssoAllowedHosts: string[];
  query: QueryConfig;
  /**
   * What each tenant's DuckDB warehouse may take: DUCKDB_MEMORY_LIMIT_MB (min(a quarter, 60% /
   * the open cap) of the memory, at least 128 MB), DUCKDB_THREADS (every core for as many open at
   * once as start 32 workers, 1 for those opened beyond), DUCKDB_TEMP_LIMIT_MB (a quarter of the free disk under DATA_DIR over
   * the open cap, 256 MB to 16 GB).
   */
  warehouseLimits: WarehouseLimits;
  /**
   * DUCKDB_MAX_OPEN_WAREHOUSES (as many as 60% of the memory holds at 128 MB each, 4 to 256)
   * and DUCKDB_IDLE_SECONDS (300): open warehouses beyond the cap or unused that long close.
   */
  warehouseCache: WarehouseCacheSettings;
  /**
   * WAREHOUSE_URL (clickhouse://user:password@host:port), WAREHOUSE_USERS_DIR,
   * WAREHOUSE_DATABASE_PREFIX, WAREHOUSE_MAX_EXECUTION_SECONDS, WAREHOUSE_MAX_RESULT_ROWS,
   * WAREHOUSE_MAX_MEMORY_MB: every tenant's warehouse in ClickHouse; unset, DuckDB files.
   */
  clickhouseWarehouse?: ClickhouseWarehouseConfig;
  /** The operator's language model for AI charts; null (the default) keeps everything offline. */
  ai: AiConfig | null;
  /** SMTP_URL (+ SMTP_FROM): where messages are sent; null keeps them in the outbox only. */
  smtp: SmtpConfig | null;
  /**
   * CHROMIUM_PATH (/usr/bin/chromium), RENDER_CONCURRENCY (2) and RENDER_TIMEOUT_SECONDS (60):
   * the headless browser that renders dashboards to PDF and PNG, renders at once per
   * instance, and the most one render may take.
   */
  render: RenderConfig;
  /** WEBHOOK_ALLOWED_HOSTS: hosts on private or own addresses that webhooks may still reach. */
  webhookAllowedHosts: string[];
}

export interface RenderConfig {
  chromiumPath: string;
  concurrency: number;
  timeoutMs: number;
}

export interface SmtpConfig {
  /** smtp://user:pass@host:port or smtps://… (nodemailer's connection URL). */
  url: string;
  /** SMTP_FROM (default `Brandboard <no-reply@BASE_DOMAIN>`). */
  from: string;
}

/**
 * AI_BASE_URL + AI_MODEL (and AI_API_KEY): an OpenAI-compatible chat-completions endpoint
 * asked for questions the built-in parser cannot resolve. AI_TIMEOUT_SECONDS (15).
 */
export interface AiConfig {
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

/** Limits of the query engine (per query, and the result cache of each tenant). */
export interface QueryConfig {
  /** QUERY_TIMEOUT_SECONDS (30): time limit of every statement run at a source. */
  timeoutMs: number;
  /** QUERY_MAX_ROWS (100,000): the most rows one query may answer. */
  maxRows: number;
  /** QUERY_CACHE_TTL_SECONDS (300; 0 turns the cache off). */
  cacheTtlMs: number;
  /** QUERY_CACHE_MB (64): memory of cached results per tenant. */
  cacheMaxBytesPerTenant: number;
  /** QUERY_CACHE_TOTAL_MB (256): memory of cached results of all tenants together. */
  cacheMaxBytesTotal: number;
  /**
   * QUERY_SLOTS (two per core and four more): queries running at once over all tenants, never
   * more than the libuv pool leaves for them (engines/duckdbThreadPool.ts).
   */
  slots: number;
  /** QUERY_RUNNING_PER_TENANT (half the cores, at least 1): queries of one tenant running at once. */
  runningPerTenant: number;
  /**
   * QUERY_WAITING_PER_TENANT (256): queries of one tenant waiting for a slot (a burst of a
   * dashboard's tiles from many viewers waits rather than being refused).
   */
  waitingPerTenant: number;
  /** QUERY_WAITING_TOTAL (1,000): queries waiting over all tenants. */
  waitingTotal: number;
}

export const PRODUCTION_SCRYPT: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

export class ConfigError extends Error {}

const MB = 1024 * 1024;
const GB = 1024 * MB;

// ---------------------------------------------------------------------------------------------
// Defaults from the machine.

/** Threads of libuv's pool kept for scrypt and file I/O (engines/duckdbThreadPool.ts). */
export const THREADPOOL_RESERVE = 4;
/** libuv's own pool size when UV_THREADPOOL_SIZE is not set. */
const LIBUV_DEFAULT_POOL = 4;

/**
 * Queries run at once unless QUERY_SLOTS says otherwise: two per core and four more. Each
 * warehouse runs a query on one thread, so a busy tenant (QUERY_RUNNING_PER_TENANT running)
 * holds a part of the slots only and another tenant's query starts at once. The four more
 * keep the cores busy between queries: while one query's answer is written and the next one
 * admitted, its core would otherwise idle (a twentieth of the machine, measured at two per
 * core under distinct chart queries; bench/distinctQueriesBench.ts).
 */
export function defaultQuerySlots(): number {
  return 2 * availableParallelism() + 4;
}

/**
 * Queries of one tenant running at once unless QUERY_RUNNING_PER_TENANT says otherwise: half
 * the cores, at least one. A tenant's long queries then leave the other half of the machine to
 * its neighbours (a running query cannot be paused); short ones may borrow more
 * (query/admission.ts).
 */
export function defaultRunningPerTenant(): number {
  return Math.max(1, Math.floor(availableParallelism() / 2));
}

/**
 * The most queries one tenant may run at once: its share, or every slot but one while its
 * queries are short and nobody else waits (query/admission.ts). Its warehouse keeps as many
 * connections.
 */
export function mostRunningOfOneTenant(slots: number, runningPerTenant: number): number {
  return Math.max(runningPerTenant, slots - 1);
}

/**
 * The query slots the pool leaves after the reserve, at most `requested`. A pool nobody sized
 * (a test, `tsx server/main.ts`) keeps half of itself for sign-in and files.
 */
export function querySlotsWithin(requested: number, env: NodeJS.ProcessEnv): number {
  const size = Number(env.UV_THREADPOOL_SIZE);
  const pool = Number.isInteger(size) && size > 0 ? size : LIBUV_DEFAULT_POOL;
  const reserve = Math.min(THREADPOOL_RESERVE, Math.ceil(pool / 2));
  return Math.max(1, Math.min(requested, pool - reserve));
}

// What one tenant's warehouse may take of the machine: memory, threads and the spill space of
// its own temp folder, and how many warehouses stay open at once. Without limits DuckDB takes
// 80% of the memory and every core for each warehouse, and spills to disk until 90% of it is
// used; the open ones together are held to a budget: 60% of the memory and a quarter of the
// free disk, shared by the cap on open warehouses.

/** Share of the memory all open warehouses together may take. */
const MEMORY_BUDGET = 0.6;
/** No warehouse gets less memory than this, whatever the cap on open ones. */
const MEMORY_FLOOR = 128 * MB;
const TEMP_FLOOR = 256 * MB;
const TEMP_CEILING = 16 * GB;
const MAX_OPEN_CEILING = 256;
const MAX_OPEN_FLOOR = 4;
const IDLE_SECONDS = 300;

function freeDiskBytes(dataDir: string): number | undefined {
  try {
    const disk = statfsSync(dataDir);
    return disk.bavail * disk.bsize;
  } catch {
    return undefined;
  }
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/**
 * As many open warehouses as the memory budget holds at the memory floor each (between 4 and
 * 256), closed after five minutes unused.
 */
export function defaultWarehouseCache(): WarehouseCacheSettings {
  const fits = Math.floor((totalmem() * MEMORY_BUDGET) / MEMORY_FLOOR);
  return { maxOpen: clamp(fits, MAX_OPEN_FLOOR, MAX_OPEN_CEILING), idleMs: IDLE_SECONDS * 1000 };
}

/**
 * Each open warehouse's share of the budget: memory min(a quarter, 60% / maxOpen) of the
 * machine's (at least 128 MB); every core for as many open at once as start 32 workers, one
 * for those opened beyond; and a quarter of the free disk under DATA_DIR over maxOpen for spilling (256 MB to 16 GB; 1 GB when it cannot be told); `connections`
 * to read with.
 */
export function defaultWarehouseLimits(
  dataDir: string,
  maxOpen = defaultWarehouseCache().maxOpen,
  connections = mostRunningOfOneTenant(defaultQuerySlots(), defaultRunningPerTenant()),
): WarehouseLimits {
  const open = Math.max(1, maxOpen);
  const memory = totalmem();
  const free = freeDiskBytes(dataDir);
  return {
    memoryBytes: Math.max(
      MEMORY_FLOOR,
      Math.floor(Math.min(memory / 4, (memory * MEMORY_BUDGET) / open)),
    ),
    threads: availableParallelism(),
    multiThreadedOpen: multiThreadedWarehouses(),
    tempBytes:
      free === undefined ? GB : clamp(Math.floor(free / 4 / open), TEMP_FLOOR, TEMP_CEILING),
    connections,
  };
}

/** Worker threads the open warehouses together may start (each starts threads - 1). */
const WORKER_THREADS_BUDGET = 32;

/**
 * How many open warehouses get every core: a tenant alone then has the whole machine for a
 * query, the admission keeps a tenant's long queries to its share (query/admission.ts), and
 * tenants busy at once share the cores through the operating system's scheduler. DuckDB
 * starts a warehouse's workers when it opens and its threads cannot change after (its
 * configuration is locked), so those opened while as many are open get one thread, which
 * keeps a node of thousands of tenants to a bounded count of threads.
 */
export function multiThreadedWarehouses(cores = availableParallelism()): number {
  return cores > 1 ? Math.max(1, Math.floor(WORKER_THREADS_BUDGET / (cores - 1))) : Infinity;
}

// ---------------------------------------------------------------------------------------------
// Kinds of variables. Each is a zod schema of the variable's text; unset and blank are the same.

const unset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const trim = (value: unknown) => (typeof value === 'string' ? value.trim() || undefined : value);

/** Text as given (not trimmed), or undefined. */
const text = z.preprocess(unset, z.string().optional());
/** Text trimmed, or undefined. */
const trimmed = z.preprocess(trim, z.string().optional());

interface Bound {
  atLeast?: number;
  moreThan?: number;
}

/** A non-negative integer or number, held to `bound`; undefined when unset. */
function numeric(kind: 'integer' | 'number', bound: Bound = {}) {
  const valid = kind === 'integer' ? Number.isInteger : Number.isFinite;
  let value = z.number();
  if (bound.atLeast !== undefined) {
    value = value.min(bound.atLeast, `must be at least ${bound.atLeast}.`);
  }
  if (bound.moreThan !== undefined) {
    value = value.gt(bound.moreThan, `must be more than ${bound.moreThan}.`);
  }
  const parsed = z
    .string()
    .refine((raw) => valid(Number(raw)) && Number(raw) >= 0, {
      error: (issue) => `must be a non-negative ${kind}, got "${String(issue.input)}".`,
    })
    .transform(Number)
    .pipe(value);
  return z.preprocess(unset, parsed.optional());
}

const integer = (fallback: number, bound?: Bound) => numeric('integer', bound).default(fallback);
const number = (fallback: number, bound?: Bound) => numeric('number', bound).default(fallback);
const positive = (fallback: number) => number(fallback, { moreThan: 0 });

/** true/1 or false/0, any case. */
const flag = (fallback: boolean) =>
  z.preprocess(
    unset,
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(
        z.enum(['true', '1', 'false', '0'], {
          error: (issue) => `must be true or false, got "${String(issue.input)}".`,
        }),
      )
      .transform((value) => value === 'true' || value === '1')
      .default(fallback),
  );

/** Comma-separated entries, trimmed and lower-cased. */
const list = text.transform((raw) =>
  (raw ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean),
);

/** The ranges proxy-addr (Fastify's trustProxy) knows by name. */
const NAMED_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (NAMED_PROXY_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return (
    prefix === undefined ||
    (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))
  );
}

/** A URL of one of `schemes`, or undefined when unset. */
const urlOf = (scheme: RegExp, message: string) =>
  z.preprocess(trim, z.string().regex(scheme, message).optional());

/** PUBLIC_URL as `scheme://host[:port]` (default ports dropped), or undefined when unset. */
const publicUrl = z.preprocess(
  trim,
  z
    .url({
      protocol: /^https?$/,
      error: (issue) =>
        `must be an http(s) URL such as https://example.com, got "${String(issue.input)}".`,
    })
    .transform((raw) => new URL(raw))
    .refine(
      (url) => url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password,
      {
        error: (issue) =>
          `must be scheme, host and optional port only (https://example.com), got "${String(issue.input)}".`,
      },
    )
    .optional(),
);

const warehouseUrl = z.preprocess(
  trim,
  z
    .url({
      protocol: /^clickhouses?$/,
      error: 'must be clickhouse://user:password@host:port (clickhouses:// for HTTPS).',
    })
    .transform((raw) => new URL(raw))
    .optional(),
);

// ---------------------------------------------------------------------------------------------
// The environment.

const variables = z.object({
  PORT: integer(3000),
  HOST: text.default('0.0.0.0'),
  DATA_DIR: text.default('./data'),
  WEB_DIR: text.default('dist'),
  LOG_LEVEL: text.default('info'),
  BASE_DOMAIN: text,
  PUBLIC_URL: publicUrl,
  DEMO_PASSWORD: z.preprocess(
    unset,
    z.string().min(12, 'must be at least 12 characters.').optional(),
  ),
  APP_SECRET: text,
  DATABASE_URL: text,
  REDIS_URL: urlOf(
    /^rediss?:\/\/[^/\s]+/,
    'must look like redis://host:6379 (or rediss:// for TLS).',
  ),
  REDIS_PREFIX: trimmed.default('brandboard'),
  JOB_LOCK_SECONDS: positive(30),
  JOB_SHUTDOWN_SECONDS: number(10),
  SESSION_TTL_MINUTES: integer(12 * 60),
  LOGIN_LIMIT_PER_USER: integer(5),
  LOGIN_LIMIT_PER_IP: integer(30),
  LOGIN_LIMIT_PER_USER_ALL_ADDRESSES: integer(100),
  LOGIN_WINDOW_SECONDS: integer(15 * 60),
  LOGIN_MAX_LOCK_SECONDS: integer(15 * 60),
  RATE_LIMIT_SHARE_PER_MINUTE: integer(120),
  RATE_LIMIT_TOKENS_PER_MINUTE: integer(20),
  RATE_LIMIT_SCIM_PER_MINUTE: integer(600),
  TRUST_PROXY: list.refine((entries) => entries.every(isProxyAddress), {
    error: (issue) =>
      'must list the proxies in front of the server (comma-separated IP addresses, CIDR ' +
      'ranges, or loopback, linklocal, uniquelocal), ' +
      `got "${(issue.input as string[]).find((entry) => !isProxyAddress(entry))}".`,
  }),
  DATASOURCE_ALLOWED_HOSTS: list,
  DATASOURCE_ALLOW_PRIVILEGED_USERS: flag(false),
  SEED_DEMO_WAREHOUSE: flag(true),
  SSO_ALLOW_HTTP_ISSUERS: flag(false),
  SSO_ALLOWED_HOSTS: list,
  UPLOAD_MAX_MB: positive(200),
  UPLOAD_MAX_JSON_DEPTH: integer(64, { atLeast: 1 }),
  UPLOAD_MAX_LINE_MB: positive(1),
  UPLOAD_MAX_COLUMNS: integer(2000, { atLeast: 1 }),
  UPLOAD_TIMEOUT_SECONDS: positive(60),
  QUERY_TIMEOUT_SECONDS: positive(30),
  QUERY_MAX_ROWS: integer(100_000, { atLeast: 1 }),
  QUERY_CACHE_TTL_SECONDS: number(300),
  QUERY_CACHE_MB: number(64),
  QUERY_CACHE_TOTAL_MB: number(256),
  QUERY_SLOTS: numeric('integer', { atLeast: 1 }),
  QUERY_RUNNING_PER_TENANT: numeric('integer', { atLeast: 1 }),
  QUERY_WAITING_PER_TENANT: integer(256),
  QUERY_WAITING_TOTAL: integer(1_000),
  DUCKDB_MAX_OPEN_WAREHOUSES: numeric('integer', { atLeast: 1 }),
  DUCKDB_IDLE_SECONDS: positive(IDLE_SECONDS),
  DUCKDB_MEMORY_LIMIT_MB: numeric('number', { atLeast: 1 }),
  DUCKDB_THREADS: numeric('integer', { atLeast: 1 }),
  DUCKDB_TEMP_LIMIT_MB: numeric('number', { atLeast: 1 }),
  WAREHOUSE_URL: warehouseUrl,
  WAREHOUSE_USERS_DIR: trimmed,
  WAREHOUSE_DATABASE_PREFIX: trimmed
    .default('brandboard')
    .pipe(
      z
        .string()
        .regex(
          /^[a-z][a-z0-9_]{0,30}$/,
          'must start with a lower-case letter and hold only a-z, 0-9 and _ (at most 31).',
        ),
    ),
  WAREHOUSE_MAX_EXECUTION_SECONDS: integer(60, { atLeast: 1 }),
  WAREHOUSE_MAX_RESULT_ROWS: integer(1_000_000, { atLeast: 1 }),
  WAREHOUSE_MAX_MEMORY_MB: integer(2048, { atLeast: 16 }),
  AI_BASE_URL: urlOf(/^https?:\/\//, 'must be an http(s) URL.'),
  AI_MODEL: trimmed,
  AI_API_KEY: text,
  AI_TIMEOUT_SECONDS: positive(15),
  SMTP_URL: urlOf(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL.'),
  SMTP_FROM: trimmed,
  CHROMIUM_PATH: trimmed,
  RENDER_CONCURRENCY: integer(2, { atLeast: 1 }),
  RENDER_TIMEOUT_SECONDS: integer(60, { atLeast: 1 }),
  WEBHOOK_ALLOWED_HOSTS: list,
  BRANDBOARD_TEST_SCRYPT_N: numeric('integer'),
  VITEST: text,
  NODE_ENV: text,
});

// Rules across variables, checked once each variable is right (a transform runs only then).
const environment = variables.transform((vars, context) => {
  const problem = (message: string) => context.addIssue({ code: 'custom', message });
  if (vars.DATABASE_URL && (vars.APP_SECRET?.length ?? 0) < 32) {
    problem(
      'APP_SECRET of at least 32 characters is required when DATABASE_URL is set ' +
        '(generate one with: openssl rand -base64 48).',
    );
  }
  if (!vars.AI_BASE_URL !== !vars.AI_MODEL) {
    problem('AI_BASE_URL and AI_MODEL must be set together.');
  }
  const baseDomain = baseDomainOf(vars);
  if (vars.PUBLIC_URL && vars.PUBLIC_URL.hostname !== baseDomain) {
    problem(
      `PUBLIC_URL's host (${vars.PUBLIC_URL.hostname}) must be BASE_DOMAIN (${baseDomain}): ` +
        'tenant links are its sub-domains.',
    );
  }
  if (!URL.canParse(`http://${baseDomain}:${vars.PORT}`)) {
    problem(`BASE_DOMAIN must be a host name, got "${baseDomain}".`);
  }
  return vars;
});

type Environment = z.output<typeof environment>;

/** The variables of `env` as `schema` reads them; a ConfigError naming each one that is wrong. */
function parse<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv): z.output<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) =>
    issue.path.length ? `${issue.path.join('.')} ${issue.message}` : issue.message,
  );
  throw new ConfigError(problems.join('\n'));
}

/** BASE_DOMAIN, else PUBLIC_URL's host, else localhost. */
function baseDomainOf(vars: Pick<Environment, 'BASE_DOMAIN' | 'PUBLIC_URL'>): string {
  return (vars.BASE_DOMAIN || vars.PUBLIC_URL?.hostname || 'localhost').toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// The configuration.

/** QUERY_SLOTS, or two per core and four more; the entry sizes libuv's pool from it too. */
export function requestedQuerySlots(env: NodeJS.ProcessEnv): number {
  const { QUERY_SLOTS } = parse(variables.pick({ QUERY_SLOTS: true }), env);
  return QUERY_SLOTS ?? defaultQuerySlots();
}

/** The APP_SECRET: given, or generated once into DATA_DIR/app-secret on the embedded default. */
function appSecretOf(vars: Environment, dataDir: string): string {
  if (vars.APP_SECRET) return vars.APP_SECRET;
  const file = join(dataDir, 'app-secret');
  if (existsSync(file)) {
    // Owner-only, as every secret file of the data directory (db/privateFiles.ts).
    chmodSync(file, 0o600);
    return readFileSync(file, 'utf8').trim();
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

function queryConfigOf(vars: Environment, env: NodeJS.ProcessEnv): QueryConfig {
  return {
    timeoutMs: Math.round(vars.QUERY_TIMEOUT_SECONDS * 1000),
    maxRows: vars.QUERY_MAX_ROWS,
    cacheTtlMs: Math.round(vars.QUERY_CACHE_TTL_SECONDS * 1000),
    cacheMaxBytesPerTenant: Math.floor(vars.QUERY_CACHE_MB * MB),
    cacheMaxBytesTotal: Math.floor(vars.QUERY_CACHE_TOTAL_MB * MB),
    slots: querySlotsWithin(vars.QUERY_SLOTS ?? defaultQuerySlots(), env),
    runningPerTenant: vars.QUERY_RUNNING_PER_TENANT ?? defaultRunningPerTenant(),
    waitingPerTenant: vars.QUERY_WAITING_PER_TENANT,
    waitingTotal: vars.QUERY_WAITING_TOTAL,
  };
}

function warehouseLimitsOf(
  vars: Environment,
  dataDir: string,
  maxOpen: number,
  query: QueryConfig,
): WarehouseLimits {
  const connections = mostRunningOfOneTenant(query.slots, query.runningPerTenant);
  const defaults = defaultWarehouseLimits(dataDir, maxOpen, connections);
  return {
    memoryBytes: Math.floor((vars.DUCKDB_MEMORY_LIMIT_MB ?? defaults.memoryBytes / MB) * MB),
    threads: vars.DUCKDB_THREADS ?? defaults.threads,
    // The operator's own thread count holds for every warehouse.
    ...(vars.DUCKDB_THREADS ? {} : { multiThreadedOpen: defaults.multiThreadedOpen }),
    tempBytes: Math.floor((vars.DUCKDB_TEMP_LIMIT_MB ?? defaults.tempBytes / MB) * MB),
    connections,
  };
}

function clickhouseWarehouseOf(vars: Environment): ClickhouseWarehouseConfig | undefined {
  const url = vars.WAREHOUSE_URL;
  if (!url) return undefined;
  const ssl = url.protocol === 'clickhouses:';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : ssl ? 8443 : 8123,
    ssl,
    user: decodeURIComponent(url.username) || 'default',
    password: decodeURIComponent(url.password),
    prefix: vars.WAREHOUSE_DATABASE_PREFIX,
    usersDir: vars.WAREHOUSE_USERS_DIR,
    limits: {
      maxExecutionSeconds: vars.WAREHOUSE_MAX_EXECUTION_SECONDS,
      maxResultRows: vars.WAREHOUSE_MAX_RESULT_ROWS,
      maxMemoryBytes: vars.WAREHOUSE_MAX_MEMORY_MB * MB,
    },
  };
}

/**
 * The ClickHouse warehouse WAREHOUSE_URL and its companions describe, or undefined without it
 * (the embedded DuckDB files).
 */
export function clickhouseWarehouseFrom(
  env: NodeJS.ProcessEnv,
): ClickhouseWarehouseConfig | undefined {
  return clickhouseWarehouseOf(parse(environment, env));
}

function aiConfigOf(vars: Environment): AiConfig | null {
  if (!vars.AI_BASE_URL || !vars.AI_MODEL) return null;
  return {
    baseUrl: vars.AI_BASE_URL.replace(/\/+$/, ''),
    model: vars.AI_MODEL,
    apiKey: vars.AI_API_KEY,
    timeoutMs: Math.round(vars.AI_TIMEOUT_SECONDS * 1000),
  };
}

function scryptOf(vars: Environment): ScryptCost {
  // Only the test suite lowers the cost; production always hashes at N=2^17.
  if (vars.BRANDBOARD_TEST_SCRYPT_N && (vars.VITEST || vars.NODE_ENV === 'test')) {
    return { N: vars.BRANDBOARD_TEST_SCRYPT_N, r: 8, p: 1 };
  }
  return PRODUCTION_SCRYPT;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const vars = parse(environment, env);
  const dataDir = resolve(vars.DATA_DIR);
  // A new data directory is the server user's alone; an existing one keeps its mode.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const baseDomain = baseDomainOf(vars);
  const query = queryConfigOf(vars, env);
  const warehouseCache = {
    maxOpen: vars.DUCKDB_MAX_OPEN_WAREHOUSES ?? defaultWarehouseCache().maxOpen,
    idleMs: Math.round(vars.DUCKDB_IDLE_SECONDS * 1000),
  };
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    baseDomain,
    publicUrl: vars.PUBLIC_URL?.origin ?? new URL(`http://${baseDomain}:${vars.PORT}`).origin,
    demoPassword: vars.DEMO_PASSWORD ?? randomBytes(12).toString('base64url'),
    demoPasswordGenerated: !vars.DEMO_PASSWORD,
    appSecret: appSecretOf(vars, dataDir),
    databaseUrl: vars.DATABASE_URL,
    redisUrl: vars.REDIS_URL,
    redisPrefix: vars.REDIS_PREFIX,
    jobs: {
      lockMs: Math.round(vars.JOB_LOCK_SECONDS * 1000),
      shutdownGraceMs: Math.round(vars.JOB_SHUTDOWN_SECONDS * 1000),
    },
    sessionTtlMs: vars.SESSION_TTL_MINUTES * 60_000,
    loginThrottle: {
      perUser: vars.LOGIN_LIMIT_PER_USER,
      perIp: vars.LOGIN_LIMIT_PER_IP,
      perUserAllAddresses: vars.LOGIN_LIMIT_PER_USER_ALL_ADDRESSES,
      windowMs: vars.LOGIN_WINDOW_SECONDS * 1000,
      maxLockMs: vars.LOGIN_MAX_LOCK_SECONDS * 1000,
    },
    rateLimits: {
      sharePerMinute: vars.RATE_LIMIT_SHARE_PER_MINUTE,
      tokensPerMinute: vars.RATE_LIMIT_TOKENS_PER_MINUTE,
      scimPerMinute: vars.RATE_LIMIT_SCIM_PER_MINUTE,
    },
    scrypt: scryptOf(vars),
    webDir: resolve(vars.WEB_DIR),
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY,
    datasourceAllowedHosts: vars.DATASOURCE_ALLOWED_HOSTS,
    datasourceAllowPrivilegedUsers: vars.DATASOURCE_ALLOW_PRIVILEGED_USERS,
    uploadMaxBytes: Math.floor(vars.UPLOAD_MAX_MB * MB),
    uploadLimits: {
      maxJsonDepth: vars.UPLOAD_MAX_JSON_DEPTH,
      maxLineBytes: Math.floor(vars.UPLOAD_MAX_LINE_MB * MB),
      maxColumns: vars.UPLOAD_MAX_COLUMNS,
      timeoutMs: Math.round(vars.UPLOAD_TIMEOUT_SECONDS * 1000),
    },
    seedDemoWarehouse: vars.SEED_DEMO_WAREHOUSE,
    ssoAllowHttpIssuers: vars.SSO_ALLOW_HTTP_ISSUERS,
    ssoAllowedHosts: vars.SSO_ALLOWED_HOSTS,
    query,
    warehouseLimits: warehouseLimitsOf(vars, dataDir, warehouseCache.maxOpen, query),
    warehouseCache,
    clickhouseWarehouse: clickhouseWarehouseOf(vars),
    ai: aiConfigOf(vars),
    smtp: vars.SMTP_URL
      ? { url: vars.SMTP_URL, from: vars.SMTP_FROM ?? `Brandboard <no-reply@${baseDomain}>` }
      : null,
    render: {
      chromiumPath: vars.CHROMIUM_PATH ?? '/usr/bin/chromium',
      concurrency: vars.RENDER_CONCURRENCY,
      timeoutMs: vars.RENDER_TIMEOUT_SECONDS * 1000,
    },
    webhookAllowedHosts: vars.WEBHOOK_ALLOWED_HOSTS,
  };
}
