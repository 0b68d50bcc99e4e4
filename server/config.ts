import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAllowedHosts } from './engines/hostPolicy';

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
  /** Password of every seeded user. */
  demoPassword: string;
  /** True when the demo password was generated because DEMO_PASSWORD was unset. */
  demoPasswordGenerated: boolean;
  appSecret: string;
  databaseUrl?: string;
  /** Lifetime of a sign-in session. */
  sessionTtlMs: number;
  loginThrottle: {
    /** Failed attempts allowed per (account, username) inside the window. */
    perUser: number;
    /** Failed attempts allowed per client IP inside the window. */
    perIp: number;
    windowMs: number;
  };
  scrypt: ScryptCost;
  /** Directory holding the built web app (index.html and assets); served when it exists. */
  webDir: string;
  logLevel: string;
  /** Fastify's trustProxy: which proxies may set X-Forwarded-For (default: loopback only). */
  trustProxy: string;
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
  /** SEED_DEMO_WAREHOUSE (true): load tenant acme's demo warehouse at first start. */
  seedDemoWarehouse: boolean;
  query: QueryConfig;
  /** The operator's language model for AI charts; null (the default) keeps everything offline. */
  ai: AiConfig | null;
  /** SMTP_URL (+ SMTP_FROM): where messages are sent; null keeps them in the outbox only. */
  smtp: SmtpConfig | null;
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

function uploadMaxBytesFrom(env: NodeJS.ProcessEnv): number {
  const megabytes = numberFrom(env, 'UPLOAD_MAX_MB', 200);
  if (megabytes <= 0) throw new ConfigError('UPLOAD_MAX_MB must be more than 0.');
  return Math.floor(megabytes * MB);
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
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
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
  mkdirSync(dataDir, { recursive: true });
  const demoPassword = env.DEMO_PASSWORD || randomBytes(12).toString('base64url');
  if (demoPassword.length < 12) {
    throw new ConfigError('DEMO_PASSWORD must be at least 12 characters.');
  }
  return {
    port: intFrom(env, 'PORT', 3000),
    host: env.HOST || '0.0.0.0',
    dataDir,
    baseDomain: env.BASE_DOMAIN || 'localhost',
    demoPassword,
    demoPasswordGenerated: !env.DEMO_PASSWORD,
    appSecret: resolveAppSecret(env, dataDir),
    databaseUrl: env.DATABASE_URL || undefined,
    sessionTtlMs: intFrom(env, 'SESSION_TTL_MINUTES', 12 * 60) * 60_000,
    loginThrottle: {
      perUser: intFrom(env, 'LOGIN_LIMIT_PER_USER', 5),
      perIp: intFrom(env, 'LOGIN_LIMIT_PER_IP', 30),
      windowMs: intFrom(env, 'LOGIN_WINDOW_SECONDS', 15 * 60) * 1000,
    },
    scrypt: scryptFrom(env),
    webDir: resolve(env.WEB_DIR || 'dist'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY || 'loopback',
    datasourceAllowedHosts: parseAllowedHosts(env.DATASOURCE_ALLOWED_HOSTS),
    datasourceAllowPrivilegedUsers: booleanFrom(env, 'DATASOURCE_ALLOW_PRIVILEGED_USERS', false),
    uploadMaxBytes: uploadMaxBytesFrom(env),
    seedDemoWarehouse: booleanFrom(env, 'SEED_DEMO_WAREHOUSE', true),
    query: queryConfigFrom(env),
    ai: aiConfigFrom(env),
    smtp: smtpConfigFrom(env, env.BASE_DOMAIN || 'localhost'),
  };
}
