import { statfsSync } from 'node:fs';
import { availableParallelism, totalmem } from 'node:os';
import { join } from 'node:path';

// What one tenant's warehouse may take of the machine: memory, threads and the spill space of
// its own temp folder. Without limits DuckDB takes 80% of the memory and every core for each
// warehouse, and spills to disk until 90% of it is used.

export interface WarehouseLimits {
  /** memory_limit of each warehouse, in bytes. */
  memoryBytes: number;
  /** threads of each warehouse. */
  threads: number;
  /** max_temp_directory_size of each warehouse's temp folder, in bytes. */
  tempBytes: number;
}

const MB = 1024 * 1024;
const GB = 1024 * MB;

function freeDiskBytes(dataDir: string): number | undefined {
  try {
    const disk = statfsSync(dataDir);
    return disk.bavail * disk.bsize;
  } catch {
    return undefined;
  }
}

/**
 * A quarter of the memory (at least 256 MB), half the cores (at least one), and a quarter of
 * the free disk under DATA_DIR for spilling (between 1 and 16 GB; 4 GB when it cannot be told).
 */
export function defaultWarehouseLimits(dataDir: string): WarehouseLimits {
  const free = freeDiskBytes(dataDir);
  return {
    memoryBytes: Math.max(256 * MB, Math.floor(totalmem() / 4)),
    threads: Math.max(1, Math.ceil(availableParallelism() / 2)),
    tempBytes: free === undefined ? 4 * GB : Math.min(16 * GB, Math.max(GB, Math.floor(free / 4))),
  };
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
