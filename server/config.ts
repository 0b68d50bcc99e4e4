import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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
  };
}
