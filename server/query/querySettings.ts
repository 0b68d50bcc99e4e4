import type { QueryConfig } from '../config';
import type { AdmissionLimits } from './admission';
import { DEFAULT_QUERY_LIMIT } from './compile/compileSemanticQuery';

// Limits of the query engine, taken from the server configuration (QUERY_TIMEOUT_SECONDS,
// QUERY_MAX_ROWS, QUERY_CACHE_TTL_SECONDS, QUERY_CACHE_MB, QUERY_CACHE_TOTAL_MB, QUERY_SLOTS,
// QUERY_RUNNING_PER_TENANT, QUERY_WAITING_PER_TENANT, QUERY_WAITING_TOTAL; see server/config.ts).

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
  /** How many queries run and wait at once (server/query/admission.ts). */
  admission: AdmissionLimits;
}

export function querySettingsFrom(config: QueryConfig): QuerySettings {
  return {
    timeoutMs: config.timeoutMs,
    defaultLimit: Math.min(DEFAULT_QUERY_LIMIT, config.maxRows),
    maxLimit: config.maxRows,
    cacheTtlMs: config.cacheTtlMs,
    cacheMaxBytesPerTenant: config.cacheMaxBytesPerTenant,
    cacheMaxBytesTotal: config.cacheMaxBytesTotal,
    admission: {
      slots: config.slots,
      runningPerTenant: config.runningPerTenant,
      waitingPerTenant: config.waitingPerTenant,
      waitingTotal: config.waitingTotal,
    },
  };
}
