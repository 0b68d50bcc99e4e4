import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  defaultWarehouseLimits,
  loadConfig,
  multiThreadedWarehouses,
} from '../../../../server/config';
import { limitSettings } from '../../../../server/engines/duckdb/limits';

// What each tenant's DuckDB warehouse may take: defaults from the machine and the cap on open
// warehouses, DUCKDB_* overrides, and the DuckDB settings they become.

const MB = 1024 * 1024;
const GB = 1024 * MB;

describe('warehouse limits', () => {
  const dir = mkdtempSync(join(tmpdir(), 'brandboard-limits-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const load = (extra: Record<string, string> = {}) =>
    loadConfig({ DATA_DIR: dir, DEMO_PASSWORD: 'limits-test-password', ...extra });

  it('shares 60% of the memory among the open cap (at least 128 MB each), every core each', () => {
    const config = load();
    const limits = config.warehouseLimits;
    const { maxOpen } = config.warehouseCache;
    const share = Math.min(totalmem() / 4, (totalmem() * 0.6) / maxOpen);
    expect(limits.memoryBytes).toBe(Math.max(128 * MB, Math.floor(share)));
    expect(maxOpen).toBeLessThanOrEqual(256);
    expect(limits.threads).toBe(availableParallelism());
    expect(limits.multiThreadedOpen).toBe(multiThreadedWarehouses());
    expect(limits.tempBytes).toBeGreaterThanOrEqual(256 * MB);
    expect(limits.tempBytes).toBeLessThanOrEqual(16 * GB);
  });

  it("derives each warehouse's share from DUCKDB_MAX_OPEN_WAREHOUSES", () => {
    const one = load({ DUCKDB_MAX_OPEN_WAREHOUSES: '1' }).warehouseLimits;
    const many = load({ DUCKDB_MAX_OPEN_WAREHOUSES: '1000' }).warehouseLimits;
    expect(one.memoryBytes).toBe(Math.max(128 * MB, Math.floor(totalmem() / 4)));
    expect(many.memoryBytes).toBe(Math.max(128 * MB, Math.floor((totalmem() * 0.6) / 1000)));
    expect(many.tempBytes).toBeLessThanOrEqual(one.tempBytes);
    expect(defaultWarehouseLimits(dir, 1000, many.connections)).toEqual(many);
  });

  it('gives every core to as many open warehouses as start 32 workers', () => {
    expect(multiThreadedWarehouses(2)).toBe(32);
    expect(multiThreadedWarehouses(16)).toBe(2);
    expect(multiThreadedWarehouses(64)).toBe(1);
    expect(multiThreadedWarehouses(1)).toBe(Infinity);
  });

  it('keeps as many connections as one tenant may run queries at once', () => {
    const slots = { QUERY_SLOTS: '6', UV_THREADPOOL_SIZE: '10' };
    expect(load(slots).warehouseLimits.connections).toBe(5);
    expect(load({ ...slots, QUERY_RUNNING_PER_TENANT: '6' }).warehouseLimits.connections).toBe(6);
  });

  it('follows DUCKDB_MEMORY_LIMIT_MB, DUCKDB_THREADS and DUCKDB_TEMP_LIMIT_MB', () => {
    const limits = load({
      DUCKDB_MEMORY_LIMIT_MB: '512',
      DUCKDB_THREADS: '3',
      DUCKDB_TEMP_LIMIT_MB: '2048',
    }).warehouseLimits;
    expect(limits).toMatchObject({ memoryBytes: 512 * MB, threads: 3, tempBytes: 2 * GB });
    // The operator's thread count holds for every warehouse.
    expect(limits.multiThreadedOpen).toBeUndefined();
    expect(limitSettings(limits, '/data/warehouses/4.tmp')).toEqual({
      memory_limit: '512MiB',
      threads: '3',
      temp_directory: '/data/warehouses/4.tmp',
      max_temp_directory_size: '2048MiB',
    });
  });

  it.each([
    ['DUCKDB_MEMORY_LIMIT_MB', 'lots'],
    ['DUCKDB_MEMORY_LIMIT_MB', '0'],
    ['DUCKDB_THREADS', '1.5'],
    ['DUCKDB_THREADS', '0'],
    ['DUCKDB_TEMP_LIMIT_MB', '-1'],
    ['DUCKDB_MAX_OPEN_WAREHOUSES', '0'],
    ['DUCKDB_IDLE_SECONDS', '-5'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => load({ [name]: value })).toThrow(ConfigError);
    expect(() => load({ [name]: value })).toThrow(name);
  });
});
