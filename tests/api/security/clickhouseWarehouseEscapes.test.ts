import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWarehouseSource } from '../../../server/features/sources/warehouseSourceService';
import { CLICKHOUSE_SETUP_MS, clickhouseRowsOf } from '../clickhouseDatabases';
import { clickhouseWarehouseRun, type ClickhouseWarehouseRun } from '../clickhouseWarehouses';
import { itRefusesClickhouseEscapes } from './clickhouseEscapeCorpus';
import { startSqlSourceServer, type SqlSourceServer } from './sqlSourceServer';

// The ClickHouse escape corpus (clickhouseEscapeCorpus.ts) against a tenant's warehouse on
// ClickHouse (WAREHOUSE_URL, Debian's 18.16): the same refusals through the explorer and
// through a dataset a viewer charts, with the tenant's own readonly=1 user behind them.

describe('ClickHouse escape corpus on a tenant warehouse in ClickHouse', () => {
  let run: ClickhouseWarehouseRun;
  let app: SqlSourceServer;
  let sourceId: number;

  beforeAll(async () => {
    run = clickhouseWarehouseRun();
    app = await startSqlSourceServer(run.env);
    await app.server.app.sourceConnectors.useWarehouse(app.accountId, (warehouse) =>
      warehouse.replaceTable(
        'known',
        [
          { name: 'id', type: 'bigint' },
          { name: 'name', type: 'text' },
        ],
        [
          [1, 'a'],
          [2, 'b'],
          [3, 'c'],
        ],
      ),
    );
    sourceId = (await ensureWarehouseSource(app.server.app.db, app.accountId)).id;
  }, CLICKHOUSE_SETUP_MS);
  afterAll(async () => {
    await app?.close();
    await run?.cleanup();
  });

  itRefusesClickhouseEscapes(() => ({ app, sourceId }));

  it('left the data as it was', async () => {
    const { database } = run.identityOf(app.server.config.appSecret, app.accountId);
    expect(await clickhouseRowsOf(run.admin, `select count() from ${database}.known`)).toEqual([
      ['3'],
    ]);
  });
});
