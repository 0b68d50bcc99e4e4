import type { QueryConfig } from '../config';
import { DEFAULT_QUERY_LIMIT } from './compile/compileSemanticQuery';

// Limits of the query engine, taken from the server configuration (QUERY_TIMEOUT_SECONDS,
// QUERY_MAX_ROWS, QUERY_CACHE_TTL_SECONDS, QUERY_CACHE_MB, QUERY_CACHE_TOTAL_MB; see
// server/config.ts).

export interface QuerySettings {
  timeoutMs: number;
  /** Rows a query answers when it sets no limit. */
  defaultLimit: number;
  /** The largest limit a query may ask for. */
  maxLimit: number;
  cacheTtlMs: number;
  cacheMaxBytesPerTenant: number;
  /** Bytes of cached results of all tenants together (shared by the process). */
  cacheMaxBytesTotal: number;
}

export function querySettingsFrom(config: QueryConfig): QuerySettings {
  return {
    timeoutMs: config.timeoutMs,
    defaultLimit: Math.min(DEFAULT_QUERY_LIMIT, config.maxRows),
    maxLimit: config.maxRows,
    cacheTtlMs: config.cacheTtlMs,
    cacheMaxBytesPerTenant: config.cacheMaxBytesPerTenant,
    cacheMaxBytesTotal: config.cacheMaxBytesTotal,
  };
}
