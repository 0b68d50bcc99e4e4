import { join } from 'node:path';
import type { WarehouseLimits } from '../../config';

// The DuckDB settings of one tenant's warehouse. Its share of the machine (memory, threads,
// spill space, how many stay open) is sized by the configuration (config.ts).

const MB = 1024 * 1024;

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
