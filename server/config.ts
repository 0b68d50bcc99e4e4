import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { makePrivate } from './db/privateFiles';
import {
  defaultWarehouseCache,
  defaultWarehouseLimits,
  type WarehouseCacheSettings,
  type WarehouseLimits,
} from './engines/duckdbLimits';
import {
  defaultQuerySlots,
  defaultRunningPerTenant,
  mostRunningOfOneTenant,
  querySlotsWithin,
} from './engines/duckdbThreadPool';
import {
  clickhouseWarehouseConfigFrom,
  type ClickhouseWarehouseConfig,
} from './engines/clickhouseWarehouseConfig';
import { parseAllowedHosts } from './engines/hostPolicy';

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
  query: QueryConfig;
  /**
   * What each tenant's DuckDB warehouse may take: DUCKDB_MEMORY_LIMIT_MB (min(a quarter, 60% /
   * the open cap) of the memory, at least 128 MB), DUCKDB_THREADS (1, or 2 on 4 cores or more
   * with at most 64 open), DUCKDB_TEMP_LIMIT_MB (a quarter of the free disk under DATA_DIR over
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

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new ConfigError(`${name} must be a non-negative integer, got "${raw}".`);
  }
  return value;
}

const MB = 1024 * 1024;

function numberFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    throw new ConfigError(`${name} must be a non-negative number, got "${raw}".`);
  }
  return value;
}

function booleanFrom(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}".`);
}

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

/** TRUST_PROXY: the proxies the operator names, refused when one is not an address or range. */
function trustedProxiesFrom(env: NodeJS.ProcessEnv): string[] {
  const entries = (env.TRUST_PROXY ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const wrong = entries.find((entry) => !isProxyAddress(entry));
  if (wrong !== undefined) {
    throw new ConfigError(
      'TRUST_PROXY must list the proxies in front of the server (comma-separated IP addresses, ' +
        `CIDR ranges, or loopback, linklocal, uniquelocal), got "${wrong}".`,
    );
  }
  return entries;
}

function uploadMaxBytesFrom(env: NodeJS.ProcessEnv): number {
  const megabytes = numberFrom(env, 'UPLOAD_MAX_MB', 200);
  if (megabytes <= 0) throw new ConfigError('UPLOAD_MAX_MB must be more than 0.');
  return Math.floor(megabytes * MB);
}

function positiveFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = numberFrom(env, name, fallback);
  if (value <= 0) throw new ConfigError(`${name} must be more than 0.`);
  return value;
}

function uploadLimitsFrom(env: NodeJS.ProcessEnv): UploadLimits {
  const maxJsonDepth = intFrom(env, 'UPLOAD_MAX_JSON_DEPTH', 64);
  const maxColumns = intFrom(env, 'UPLOAD_MAX_COLUMNS', 2000);
  if (maxJsonDepth < 1) throw new ConfigError('UPLOAD_MAX_JSON_DEPTH must be at least 1.');
  if (maxColumns < 1) throw new ConfigError('UPLOAD_MAX_COLUMNS must be at least 1.');
  return {
    maxJsonDepth,
    maxLineBytes: Math.floor(positiveFrom(env, 'UPLOAD_MAX_LINE_MB', 1) * MB),
    maxColumns,
    timeoutMs: Math.round(positiveFrom(env, 'UPLOAD_TIMEOUT_SECONDS', 60) * 1000),
  };
}

function queryConfigFrom(env: NodeJS.ProcessEnv): QueryConfig {
  const timeoutSeconds = numberFrom(env, 'QUERY_TIMEOUT_SECONDS', 30);
  const maxRows = intFrom(env, 'QUERY_MAX_ROWS', 100_000);
  if (timeoutSeconds <= 0) throw new ConfigError('QUERY_TIMEOUT_SECONDS must be more than 0.');
  if (maxRows < 1) throw new ConfigError('QUERY_MAX_ROWS must be at least 1.');
  return {
    timeoutMs: Math.round(timeoutSeconds * 1000),
    maxRows,
    cacheTtlMs: Math.round(numberFrom(env, 'QUERY_CACHE_TTL_SECONDS', 300) * 1000),
    cacheMaxBytesPerTenant: Math.floor(numberFrom(env, 'QUERY_CACHE_MB', 64) * MB),
    cacheMaxBytesTotal: Math.floor(numberFrom(env, 'QUERY_CACHE_TOTAL_MB', 256) * MB),
    slots: querySlotsWithin(requestedQuerySlots(env), env),
    runningPerTenant: atLeastOne(env, 'QUERY_RUNNING_PER_TENANT', defaultRunningPerTenant()),
    waitingPerTenant: intFrom(env, 'QUERY_WAITING_PER_TENANT', 256),
    waitingTotal: intFrom(env, 'QUERY_WAITING_TOTAL', 1_000),
  };
}

/** QUERY_SLOTS, or two per core and four more; the entry sizes libuv's pool from it too. */
export function requestedQuerySlots(env: NodeJS.ProcessEnv): number {
  return atLeastOne(env, 'QUERY_SLOTS', defaultQuerySlots());
}

function atLeastOne(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = intFrom(env, name, fallback);
  if (value < 1) throw new ConfigError(`${name} must be at least 1.`);
  return value;
}

function warehouseCacheFrom(env: NodeJS.ProcessEnv): WarehouseCacheSettings {
  const defaults = defaultWarehouseCache();
  const maxOpen = intFrom(env, 'DUCKDB_MAX_OPEN_WAREHOUSES', defaults.maxOpen);
  const idleSeconds = numberFrom(env, 'DUCKDB_IDLE_SECONDS', defaults.idleMs / 1000);
  if (maxOpen < 1) throw new ConfigError('DUCKDB_MAX_OPEN_WAREHOUSES must be at least 1.');
  if (idleSeconds <= 0) throw new ConfigError('DUCKDB_IDLE_SECONDS must be more than 0.');
  return { maxOpen, idleMs: Math.round(idleSeconds * 1000) };
}

function warehouseLimitsFrom(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  maxOpen: number,
  query: Pick<QueryConfig, 'slots' | 'runningPerTenant'>,
): WarehouseLimits {
  const connections = mostRunningOfOneTenant(query.slots, query.runningPerTenant);
  const defaults = defaultWarehouseLimits(dataDir, maxOpen, connections);
  const memoryMb = numberFrom(env, 'DUCKDB_MEMORY_LIMIT_MB', defaults.memoryBytes / MB);
  const threads = intFrom(env, 'DUCKDB_THREADS', defaults.threads);
  const tempMb = numberFrom(env, 'DUCKDB_TEMP_LIMIT_MB', defaults.tempBytes / MB);
  if (memoryMb < 1) throw new ConfigError('DUCKDB_MEMORY_LIMIT_MB must be at least 1.');
  if (threads < 1) throw new ConfigError('DUCKDB_THREADS must be at least 1.');
  if (tempMb < 1) throw new ConfigError('DUCKDB_TEMP_LIMIT_MB must be at least 1.');
  return {
    memoryBytes: Math.floor(memoryMb * MB),
    threads,
    tempBytes: Math.floor(tempMb * MB),
    connections,
  };
}

function aiConfigFrom(env: NodeJS.ProcessEnv): AiConfig | null {
  const baseUrl = env.AI_BASE_URL?.trim();
  const model = env.AI_MODEL?.trim();
  if (!baseUrl && !model) return null;
  if (!baseUrl || !model) throw new ConfigError('AI_BASE_URL and AI_MODEL must be set together.');
  if (!/^https?:\/\//.test(baseUrl)) throw new ConfigError('AI_BASE_URL must be an http(s) URL.');
  const timeoutSeconds = numberFrom(env, 'AI_TIMEOUT_SECONDS', 15);
  if (timeoutSeconds <= 0) throw new ConfigError('AI_TIMEOUT_SECONDS must be more than 0.');
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    model,
    apiKey: env.AI_API_KEY || undefined,
    timeoutMs: Math.round(timeoutSeconds * 1000),
  };
}

function smtpConfigFrom(env: NodeJS.ProcessEnv, baseDomain: string): SmtpConfig | null {
  const url = env.SMTP_URL?.trim();
  if (!url) return null;
  if (!/^smtps?:\/\//.test(url))
    throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL.');
  return { url, from: env.SMTP_FROM?.trim() || `Brandboard <no-reply@${baseDomain}>` };
}

function jobSettingsFrom(env: NodeJS.ProcessEnv): JobSettings {
  return {
    lockMs: Math.round(positiveFrom(env, 'JOB_LOCK_SECONDS', 30) * 1000),
    shutdownGraceMs: Math.round(numberFrom(env, 'JOB_SHUTDOWN_SECONDS', 10) * 1000),
  };
}

function redisUrlFrom(env: NodeJS.ProcessEnv): string | undefined {
  const url = env.REDIS_URL?.trim();
  if (!url) return undefined;
  if (!/^rediss?:\/\/[^/\s]+/.test(url)) {
    throw new ConfigError('REDIS_URL must look like redis://host:6379 (or rediss:// for TLS).');
  }
  return url;
}

/** The APP_SECRET: given, or generated once into DATA_DIR/app-secret on the embedded default. */
function resolveAppSecret(env: NodeJS.ProcessEnv, dataDir: string): string {
  const given = env.APP_SECRET;
  if (env.DATABASE_URL) {
    if (!given || given.length < 32) {
      throw new ConfigError(
        'APP_SECRET of at least 32 characters is required when DATABASE_URL is set ' +
          '(generate one with: openssl rand -base64 48).',
      );
    }
    return given;
  }
  if (given) return given;
  const file = join(dataDir, 'app-secret');
  if (existsSync(file)) {
    makePrivate([file]);
    return readFileSync(file, 'utf8').trim();
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** PUBLIC_URL as `scheme://host[:port]` (default ports dropped), or null when unset. */
function publicUrlFrom(env: NodeJS.ProcessEnv): URL | null {
  const raw = env.PUBLIC_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      `PUBLIC_URL must be an http(s) URL such as https://example.com, got "${raw}".`,
    );
  }
  const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if (!/^https?:$/.test(url.protocol) || !bare) {
    throw new ConfigError(
      `PUBLIC_URL must be scheme, host and optional port only (https://example.com), got "${raw}".`,
    );
  }
  return url;
}

/** BASE_DOMAIN (else PUBLIC_URL's host, else localhost) and the public base URL. */
function publicAddressFrom(env: NodeJS.ProcessEnv, port: number) {
  const publicUrl = publicUrlFrom(env);
  const baseDomain = (env.BASE_DOMAIN || publicUrl?.hostname || 'localhost').toLowerCase();
  if (publicUrl && publicUrl.hostname !== baseDomain) {
    throw new ConfigError(
      `PUBLIC_URL's host (${publicUrl.hostname}) must be BASE_DOMAIN (${baseDomain}): ` +
        'tenant links are its sub-domains.',
    );
  }
  if (publicUrl) return { baseDomain, publicUrl: publicUrl.origin };
  try {
    return { baseDomain, publicUrl: new URL(`http://${baseDomain}:${port}`).origin };
  } catch {
    throw new ConfigError(`BASE_DOMAIN must be a host name, got "${baseDomain}".`);
  }
}

function clickhouseWarehouseFrom(env: NodeJS.ProcessEnv): ClickhouseWarehouseConfig | undefined {
  try {
    return clickhouseWarehouseConfigFrom(env, (name, fallback) => intFrom(env, name, fallback));
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError((error as Error).message);
  }
}

function scryptFrom(env: NodeJS.ProcessEnv): ScryptCost {
  // Only the test suite lowers the cost; production always hashes at N=2^17.
  const testCost = env.BRANDBOARD_TEST_SCRYPT_N;
  if (testCost && (env.VITEST || env.NODE_ENV === 'test')) {
    return { N: intFrom(env, 'BRANDBOARD_TEST_SCRYPT_N', PRODUCTION_SCRYPT.N), r: 8, p: 1 };
  }
  return PRODUCTION_SCRYPT;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR || './data');
  // A new data directory is the server user's alone; an existing one keeps its mode.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const demoPassword = env.DEMO_PASSWORD || randomBytes(12).toString('base64url');
  if (demoPassword.length < 12) {
    throw new ConfigError('DEMO_PASSWORD must be at least 12 characters.');
  }
  const port = intFrom(env, 'PORT', 3000);
  const { baseDomain, publicUrl } = publicAddressFrom(env, port);
  const warehouseCache = warehouseCacheFrom(env);
  const query = queryConfigFrom(env);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    baseDomain,
    publicUrl,
    demoPassword,
    demoPasswordGenerated: !env.DEMO_PASSWORD,
    appSecret: resolveAppSecret(env, dataDir),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: redisUrlFrom(env),
    redisPrefix: env.REDIS_PREFIX?.trim() || 'brandboard',
    jobs: jobSettingsFrom(env),
    sessionTtlMs: intFrom(env, 'SESSION_TTL_MINUTES', 12 * 60) * 60_000,
    loginThrottle: {
      perUser: intFrom(env, 'LOGIN_LIMIT_PER_USER', 5),
      perIp: intFrom(env, 'LOGIN_LIMIT_PER_IP', 30),
      perUserAllAddresses: intFrom(env, 'LOGIN_LIMIT_PER_USER_ALL_ADDRESSES', 100),
      windowMs: intFrom(env, 'LOGIN_WINDOW_SECONDS', 15 * 60) * 1000,
      maxLockMs: intFrom(env, 'LOGIN_MAX_LOCK_SECONDS', 15 * 60) * 1000,
    },
    rateLimits: {
      sharePerMinute: intFrom(env, 'RATE_LIMIT_SHARE_PER_MINUTE', 120),
      tokensPerMinute: intFrom(env, 'RATE_LIMIT_TOKENS_PER_MINUTE', 20),
    },
    scrypt: scryptFrom(env),
    webDir: resolve(env.WEB_DIR || 'dist'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: trustedProxiesFrom(env),
    datasourceAllowedHosts: parseAllowedHosts(env.DATASOURCE_ALLOWED_HOSTS),
    datasourceAllowPrivilegedUsers: booleanFrom(env, 'DATASOURCE_ALLOW_PRIVILEGED_USERS', false),
    uploadMaxBytes: uploadMaxBytesFrom(env),
    uploadLimits: uploadLimitsFrom(env),
    seedDemoWarehouse: booleanFrom(env, 'SEED_DEMO_WAREHOUSE', true),
    query,
    warehouseLimits: warehouseLimitsFrom(env, dataDir, warehouseCache.maxOpen, query),
    warehouseCache,
    clickhouseWarehouse: clickhouseWarehouseFrom(env),
    ai: aiConfigFrom(env),
    smtp: smtpConfigFrom(env, baseDomain),
    render: {
      chromiumPath: env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium',
      concurrency: Math.max(1, intFrom(env, 'RENDER_CONCURRENCY', 2)),
      timeoutMs: Math.max(1, intFrom(env, 'RENDER_TIMEOUT_SECONDS', 60)) * 1000,
    },
    webhookAllowedHosts: parseAllowedHosts(env.WEBHOOK_ALLOWED_HOSTS),
  };
}
