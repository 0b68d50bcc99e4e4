import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '../../../../server/engines/connector';
import { clickhouseWarehouseStore } from '../../../../server/engines/clickhouse/warehouse';
import { clickhouseWarehouseFrom } from '../../../../server/config';
import type { WarehouseStore } from '../../../../server/engines/tenantWarehouse';
import type { UsableRollup } from '../../../../server/query/rollups/matchRollup';
import { clickhouseExec } from '../../../api/clickhouseDatabases';
import {
  clickhouseWarehouseRun,
  type ClickhouseWarehouseRun,
} from '../../../api/clickhouseWarehouses';
import {
  buildRollups,
  expectSameAnswers,
  flightValues,
  ROLLUPS,
  type EngineUnderTest,
} from './rollupProperty';
import { rollupSelect, sincePartition } from '../../../../server/query/rollups/rollupShape';
import { sqlDialectOf } from '../../../../server/engines';

// Rollups on a real ClickHouse warehouse (the test machine's server): written by the
// warehouse's own derived-table writes, read through the tenant's connector; random queries
// answer alike from them and from the table.

const ACCOUNT = 1;
const APP_SECRET = 'rollups-clickhouse-test-secret-0123456789';
const staging = mkdtempSync(join(tmpdir(), 'brandboard-rollups-ch-'));
let run: ClickhouseWarehouseRun;
let store: WarehouseStore;
let connector: Connector;
let rollups: UsableRollup[];

const engine: EngineUnderTest = {
  dialect: 'clickhouse',
  createTableAs: (table, select) =>
    store.use(ACCOUNT, (warehouse) => warehouse.createTableAs(table, select)),
  run: (sql, params, maxRows) =>
    connector.run(sql, { params, timeoutMs: 60_000, maxRows, compiled: params.length > 0 }),
};

beforeAll(async () => {
  run = clickhouseWarehouseRun();
  const config = clickhouseWarehouseFrom(run.env)!;
  store = clickhouseWarehouseStore(config, () => ({
    appSecret: APP_SECRET,
    staging: () => staging,
    scratchSettings: () => ({}),
  }));
  await store.use(ACCOUNT, async () => undefined);
  const { database } = run.identityOf(APP_SECRET, ACCOUNT);
  await clickhouseExec({ ...run.admin, database }, [
    'CREATE TABLE flights (carrier Nullable(String), origin String, cancelled UInt8, ' +
      "delay Nullable(Int32), distance Nullable(Float64), `at` Nullable(DateTime('UTC'))) " +
      'ENGINE = MergeTree ORDER BY tuple()',
    `INSERT INTO flights VALUES ${flightValues('numbers').join(', ')}`,
  ]);
  connector = await store.openConnector(ACCOUNT);
  rollups = await buildRollups(engine);
}, 120_000);

afterAll(async () => {
  await connector?.close();
  await store?.close([ACCOUNT]);
  await run?.cleanup();
  rmSync(staging, { recursive: true, force: true });
});

describe('rollups on ClickHouse', () => {
  it('hold fewer rows than the table', () => {
    for (const rollup of rollups) expect(rollup.rowCount).toBeLessThan(6_000);
  });

  it('rewrite their partitions from a month on as a whole build would', async () => {
    const dialect = sqlDialectOf(engine.dialect);
    const byMonth = ROLLUPS[1];
    const since = '2024-01-01';
    const where = `${dialect.quote('at')} >= CAST('${since}' AS DATE)`;
    await store.use(ACCOUNT, (warehouse) =>
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
  }, 120_000);

  it('answer random queries, filters, policies and grains exactly as the table does', async () => {
    const used = await expectSameAnswers(engine, rollups, 200);
    expect([...used.keys()].sort()).toEqual(rollups.map((rollup) => rollup.name).sort());
  }, 120_000);
});
