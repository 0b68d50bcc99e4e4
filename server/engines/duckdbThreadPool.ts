import { availableParallelism } from 'node:os';

// DuckDB's async calls (@duckdb/node-api) run on libuv's threadpool, the same few threads
// scrypt (sign-in) and file I/O use: with the default pool of 4, four long queries stall every
// sign-in. The entry (server/start.ts) sizes the pool before its first use as the query slots
// plus a reserve, and the query admission lets no more than those slots run at once, so the
// reserve is always free for sign-in and files.

/** Threads of the pool kept for scrypt and file I/O. */
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
 * The most queries one tenant may run at once: its share, or every slot but one while its
 * queries are short and nobody else waits (query/admission.ts). Its warehouse keeps as many
 * connections.
 */
export function mostRunningOfOneTenant(slots: number, runningPerTenant: number): number {
  return Math.max(runningPerTenant, slots - 1);
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

/** The pool the entry sets for `slots` query slots. */
export function threadPoolSizeFor(slots: number): number {
  return slots + THREADPOOL_RESERVE;
}

/**
 * The environment to start a server process with: UV_THREADPOOL_SIZE for `slots` query slots
 * (QUERY_SLOTS as the configuration reads it) plus the reserve, unless the operator set it.
 */
export function withThreadPoolSize(env: NodeJS.ProcessEnv, slots: number): NodeJS.ProcessEnv {
  if (env.UV_THREADPOOL_SIZE) return env;
  return { ...env, UV_THREADPOOL_SIZE: String(threadPoolSizeFor(slots)) };
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
