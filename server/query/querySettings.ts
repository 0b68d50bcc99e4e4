import { DEFAULT_QUERY_LIMIT, MAX_QUERY_LIMIT } from './compile/compileSemanticQuery';

// Limits of the query engine, from the environment: QUERY_TIMEOUT_SECONDS (30),
// QUERY_MAX_ROWS (100,000), QUERY_CACHE_TTL_SECONDS (300), QUERY_CACHE_MB (64 per tenant).

export interface QuerySettings {
  timeoutMs: number;
  /** Rows a query answers when it sets no limit. */
  defaultLimit: number;
  /** The largest limit a query may ask for. */
  maxLimit: number;
  cacheTtlMs: number;
  cacheMaxBytesPerTenant: number;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    throw new Error(`${name} must be a non-negative number, got "${raw}".`);
  }
  return value;
}

export function querySettingsFrom(env: NodeJS.ProcessEnv = process.env): QuerySettings {
  const maxLimit = Math.floor(positive(env, 'QUERY_MAX_ROWS', MAX_QUERY_LIMIT)) || MAX_QUERY_LIMIT;
  return {
    timeoutMs: positive(env, 'QUERY_TIMEOUT_SECONDS', 30) * 1000,
    defaultLimit: Math.min(DEFAULT_QUERY_LIMIT, maxLimit),
    maxLimit,
    cacheTtlMs: positive(env, 'QUERY_CACHE_TTL_SECONDS', 300) * 1000,
    cacheMaxBytesPerTenant: positive(env, 'QUERY_CACHE_MB', 64) * 1024 * 1024,
  };
}
