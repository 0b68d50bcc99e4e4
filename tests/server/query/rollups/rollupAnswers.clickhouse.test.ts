import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '../../../../server/engines/connector';
import { clickhouseWarehouseStore } from '../../../../server/engines/clickhouseWarehouse';
import { clickhouseWarehouseConfigFrom } from '../../../../server/engines/clickhouseWarehouseConfig';
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
  type EngineUnderTest,
} from './rollupProperty';

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
  const config = clickhouseWarehouseConfigFrom(run.env, (name, fallback) =>
    run.env[name] ? Number(run.env[name]) : fallback,
  )!;
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

  it('answer random queries, filters, policies and grains exactly as the table does', async () => {
    const used = await expectSameAnswers(engine, rollups, 200);
    expect([...used.keys()].sort()).toEqual(rollups.map((rollup) => rollup.name).sort());
  }, 120_000);
});
