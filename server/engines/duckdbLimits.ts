import { statfsSync } from 'node:fs';
import { availableParallelism, totalmem } from 'node:os';
import { join } from 'node:path';
import {
  defaultQuerySlots,
  defaultRunningPerTenant,
  mostRunningOfOneTenant,
} from './duckdbThreadPool';

// What one tenant's warehouse may take of the machine: memory, threads and the spill space of
// its own temp folder, and how many warehouses stay open at once. Without limits DuckDB takes
// 80% of the memory and every core for each warehouse, and spills to disk until 90% of it is
// used; the open ones together are held to a budget: 60% of the memory and a quarter of the
// free disk, shared by the cap on open warehouses.

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

/** How many warehouses stay open, and for how long unused (server/engines/warehouseRegistry.ts). */
export interface WarehouseCacheSettings {
  /** Open warehouses beyond this close, least recently used first (never one in use). */
  maxOpen: number;
  /** A warehouse unused this long closes. */
  idleMs: number;
}

const MB = 1024 * 1024;
const GB = 1024 * MB;
/** Share of the memory all open warehouses together may take. */
const MEMORY_BUDGET = 0.6;
/** No warehouse gets less memory than this, whatever the cap on open ones. */
const MEMORY_FLOOR = 128 * MB;
const TEMP_FLOOR = 256 * MB;
const TEMP_CEILING = 16 * GB;
const MAX_OPEN_CEILING = 256;
const MAX_OPEN_FLOOR = 4;
const IDLE_MS = 5 * 60_000;
/** Worker threads the open warehouses together may start (each starts threads - 1). */
const WORKER_THREADS_BUDGET = 32;

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
  return { maxOpen: clamp(fits, MAX_OPEN_FLOOR, MAX_OPEN_CEILING), idleMs: IDLE_MS };
}

/**
 * Each open warehouse's share of the budget: memory min(a quarter, 60% / maxOpen) of the
 * machine's (at least 128 MB); every core for as many open at once as start 32 workers, one
 * for those opened beyond; and a quarter of the free disk under DATA_DIR
 * over maxOpen for spilling (256 MB to 16 GB; 1 GB when it cannot be told); `connections`
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

/** The warehouse's own spill folder, next to its file (never shared, never readable by SQL). */
export function warehouseTempDir(dataDir: string, accountId: number): string {
  return join(dataDir, 'warehouses', `${accountId}.tmp`);
}

/** The DuckDB settings that hold a warehouse to `limits`, set when it is opened. */
export function limitSettings(limits: WarehouseLimits, tempDir: string): Record<string, string> {
  return {
    memory_limit: `${Math.max(1, Math.floor(limits.memoryBytes / MB))}MiB`,
    threads: String(Math.max(1, limits.threads)),
    temp_directory: tempDir,
    max_temp_directory_size: `${Math.max(1, Math.floor(limits.tempBytes / MB))}MiB`,
  };
}
