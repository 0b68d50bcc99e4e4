import { THREADPOOL_RESERVE } from '../config';

// DuckDB's async calls (@duckdb/node-api) run on libuv's threadpool, the same few threads
// scrypt (sign-in) and file I/O use: with the default pool of 4, four long queries stall every
// sign-in. The entry (server/start.ts) sizes the pool before its first use as the query slots
// plus a reserve, and the query admission lets no more than those slots run at once, so the
// reserve is always free for sign-in and files. The reserve, the default slots and the slots a
// pool leaves are part of the configuration (config.ts).

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
