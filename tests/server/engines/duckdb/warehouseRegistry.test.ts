import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../../../server/engines/duckdb/warehouse';
import {
  closeAllWarehouses,
  closeWarehouse,
  isWarehouseOpen,
  openWarehouseCount,
  withWarehouse,
  type WarehousePolicy,
} from '../../../../server/engines/duckdb/warehouseRegistry';

// The open warehouses as a cache over real DuckDB files in a temporary DATA_DIR: the least
// recently used one closes beyond the cap, an idle one closes, one in use never does, and a
// closed one reopens on its next use with its data.

const dataDir = mkdtempSync(join(tmpdir(), 'brandboard-registry-'));
const LIMITS = {
  memoryBytes: 128 * 1024 * 1024,
  threads: 1,
  tempBytes: 256 * 1024 * 1024,
  connections: 4,
};
const capped = (maxOpen: number, idleMs = 60_000): WarehousePolicy => ({
  limits: LIMITS,
  cache: { maxOpen, idleMs },
});

afterEach(async () => closeAllWarehouses());
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const read = (warehouse: Warehouse) =>
  warehouse.withReadConnection(async (connection) => {
    const reader = await connection.runAndReadAll('select id, name from people order by id');
    return reader.getRowsJS();
  });

async function fill(accountId: number, policy: WarehousePolicy): Promise<void> {
  await withWarehouse(dataDir, accountId, policy, (warehouse) =>
    warehouse.withConnection(async (connection) => {
      await connection.run('create or replace table people (id integer, name varchar)');
      await connection.run(`insert into people values (1, 'tenant ${accountId}'), (2, 'b')`);
    }),
  );
}

/** Waits (bounded) until `condition` holds; the caller asserts on the condition after. */
async function eventually(condition: () => boolean, limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the warehouse registry', () => {
  it('closes the least recently used beyond the cap and reopens it with the same rows', async () => {
    const policy = capped(2);
    await fill(1, policy);
    await fill(2, policy);
    const first = await withWarehouse(dataDir, 1, policy, read);
    await fill(3, policy); // 2 is now the least recently used
    // Closed a moment after the use that passed the cap, not on its way.
    expect(openWarehouseCount()).toBe(3);
    await eventually(() => openWarehouseCount() === 2);
    expect(openWarehouseCount()).toBe(2);
    expect(isWarehouseOpen(dataDir, 2)).toBe(false);
    expect([isWarehouseOpen(dataDir, 1), isWarehouseOpen(dataDir, 3)]).toEqual([true, true]);

    expect(await withWarehouse(dataDir, 2, policy, read)).toEqual([
      [1, 'tenant 2'],
      [2, 'b'],
    ]);
    await eventually(() => !isWarehouseOpen(dataDir, 1));
    expect(isWarehouseOpen(dataDir, 1)).toBe(false);
    expect(await withWarehouse(dataDir, 1, policy, read)).toEqual(first);
    await eventually(() => openWarehouseCount() === 2);
    expect(openWarehouseCount()).toBe(2);
  });

  it('closes a warehouse unused for the idle time and reopens it on its next use', async () => {
    const policy = capped(10, 20);
    await fill(4, policy);
    await eventually(() => !isWarehouseOpen(dataDir, 4));
    expect(openWarehouseCount()).toBe(0);
    expect(await withWarehouse(dataDir, 4, policy, read)).toEqual([
      [1, 'tenant 4'],
      [2, 'b'],
    ]);
  });

  it('never closes a warehouse under a running query, beyond the cap or idle', async () => {
    const policy = capped(1, 20);
    await fill(5, policy);
    let start!: () => void;
    const gate = new Promise<void>((resolve) => (start = resolve));
    // Tenant 5's connection is in use until the gate opens.
    const running = withWarehouse(dataDir, 5, policy, (warehouse) =>
      warehouse.withReadConnection(async (connection) => {
        await gate;
        return (await connection.runAndReadAll('select count(*) from people')).getRowsJS();
      }),
    );
    await fill(6, policy);
    await fill(7, policy);
    // 6 closes when its idle time is up; 5, idle as long but in use, stays open.
    await eventually(() => !isWarehouseOpen(dataDir, 6));
    expect(isWarehouseOpen(dataDir, 5)).toBe(true);
    expect(isWarehouseOpen(dataDir, 6)).toBe(false);
    start();
    expect(await running).toEqual([[2n]]);
    expect(await withWarehouse(dataDir, 7, policy, read)).toHaveLength(2);
  });

  it('keeps a connection taken outside a pinned use open until it is given back', async () => {
    const policy = capped(1);
    await fill(8, policy);
    let start!: () => void;
    const gate = new Promise<void>((resolve) => (start = resolve));
    const warehouse = await withWarehouse(dataDir, 8, policy, async (opened) => opened);
    const reading = warehouse.withReadConnection(async () => gate);
    await fill(9, policy);
    expect(isWarehouseOpen(dataDir, 8)).toBe(true);
    start();
    await reading;
    await fill(9, policy);
    await eventually(() => !isWarehouseOpen(dataDir, 8));
    expect(isWarehouseOpen(dataDir, 8)).toBe(false);
    await expect(read(warehouse)).rejects.toThrow('closed');
  });

  it('gives every core to as many open warehouses as may have them, one thread to the others', async () => {
    const policy: WarehousePolicy = {
      limits: { ...LIMITS, threads: 2, multiThreadedOpen: 1 },
      cache: { maxOpen: 10, idleMs: 60_000 },
    };
    const threadsOf = (accountId: number) =>
      withWarehouse(dataDir, accountId, policy, (warehouse) =>
        warehouse.withReadConnection(async (connection) => {
          const reader = await connection.runAndReadAll("select current_setting('threads')");
          return Number(reader.getRowsJS()[0][0]);
        }),
      );
    expect(await threadsOf(1)).toBe(2);
    expect(await threadsOf(2)).toBe(1);
    await closeWarehouse(dataDir, 1);
    expect(await threadsOf(3)).toBe(2);
    // Open ones keep what they were opened with.
    expect(await threadsOf(2)).toBe(1);
  });

  it('closes every open warehouse at once', async () => {
    const policy = capped(10);
    await Promise.all([10, 11, 12].map((id) => fill(id, policy)));
    expect(openWarehouseCount()).toBe(3);
    await closeAllWarehouses();
    expect(openWarehouseCount()).toBe(0);
    await closeWarehouse(dataDir, 10); // closing a closed one is harmless
    expect(await withWarehouse(dataDir, 10, policy, read)).toHaveLength(2);
  });
});
