import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckdbConnector } from '../../../../server/engines/duckdb/connector';
import type { Connector } from '../../../../server/engines/connector';
import {
  closeAllWarehouses,
  withWarehouse,
} from '../../../../server/engines/duckdb/warehouseRegistry';
import type { UsableRollup } from '../../../../server/query/rollups/matchRollup';
import {
  buildRollups,
  expectSameAnswers,
  flightValues,
  ROLLUPS,
  type EngineUnderTest,
} from './rollupProperty';
import { rollupSelect, sincePartition } from '../../../../server/query/rollups/rollupShape';
import { sqlDialectOf } from '../../../../server/engines';

// Rollups on a real DuckDB warehouse: built by the warehouse's own derived-table writes,
// read through its connector; random queries answer alike from them and from the table.

const dataDir = mkdtempSync(join(tmpdir(), 'brandboard-rollups-'));
const ACCOUNT = 1;
const policy = {};
let connector: Connector;
let rollups: UsableRollup[];

const engine: EngineUnderTest = {
  dialect: 'duckdb',
  createTableAs: (table, select) =>
    withWarehouse(dataDir, ACCOUNT, policy, (warehouse) => warehouse.createTableAs(table, select)),
  run: (sql, params, maxRows) =>
    connector.run(sql, { params, timeoutMs: 60_000, maxRows, compiled: params.length > 0 }),
};

beforeAll(async () => {
  await withWarehouse(dataDir, ACCOUNT, policy, (warehouse) =>
    warehouse.withConnection(async (connection) => {
      await connection.run(
        'create table flights (carrier varchar, origin varchar, cancelled boolean, delay integer, distance double, "at" timestamp)',
      );
      await connection.run(`insert into flights values ${flightValues().join(', ')}`);
    }),
  );
  connector = await openDuckdbConnector({ dataDir, accountId: ACCOUNT });
  rollups = await buildRollups(engine);
});

afterAll(async () => {
  await closeAllWarehouses();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('rollups on DuckDB', () => {
  it('hold fewer rows than the table', () => {
    for (const rollup of rollups) expect(rollup.rowCount).toBeLessThan(6_000);
  });

  it('rewrite their partitions from a month on as a whole build would', async () => {
    const dialect = sqlDialectOf(engine.dialect);
    const byMonth = ROLLUPS[1];
    const since = '2024-01-01';
    const where = `${dialect.quote('at')} >= CAST('${since}' AS DATE)`;
    await withWarehouse(dataDir, ACCOUNT, policy, (warehouse) =>
      warehouse.replaceRowsWhere(
        byMonth.tableName,
        where,
        rollupSelect(byMonth.shape, dialect.quote('flights'), dialect, since),
      ),
    );
    const counted = await engine.run(
      `SELECT COUNT(*) FROM ${dialect.quote(byMonth.tableName)}`,
      [],
      1,
    );
    expect(Number(counted.rows[0][0])).toBe(rollups[1].rowCount);
    expect(sincePartition(byMonth.shape, dialect, since)).toContain(since);
    await expectSameAnswers(engine, rollups, 60);
  }, 60_000);

  it('answer random queries, filters, policies and grains exactly as the table does', async () => {
    const used = await expectSameAnswers(engine, rollups, 300);
    // Every rollup answered some of them: the comparison was not vacuous.
    expect([...used.keys()].sort()).toEqual(rollups.map((rollup) => rollup.name).sort());
    const answered = [...used.values()].reduce((sum, count) => sum + count, 0);
    expect(answered).toBeGreaterThan(60);
  }, 60_000);
});
