import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '../../../server/engines/connector';
import {
  keptStatementCount,
  PREPARED_PER_CONNECTION,
} from '../../../server/engines/duckdb/preparedStatements';
import { stagingDir, type Warehouse } from '../../../server/engines/duckdb/warehouse';
import { openWarehouse } from '../../../server/engines/duckdb/warehouseRegistry';
import { openConnector } from '../../../server/engines/index';
import { ACCOUNT_ID, seedDuckdb, tempDataDir } from '../enginesFixtures';

// Compiled SQL keeps its prepared statement on the pooled DuckDB connection: repeats with other
// bound values answer their own rows, a replaced table or added rows are planned afresh,
// refused or failing statements are not kept, and the number kept per connection is bounded.

const COMPILED = { timeoutMs: 10_000, maxRows: 100, compiled: true };

describe('prepared statements kept for compiled DuckDB queries', () => {
  const temp = tempDataDir();
  let connector: Connector;
  let warehouse: Warehouse;
  // The pool hands back the connection released last, so serial runs share one connection.
  const keptCount = () => warehouse.withReadConnection(async (c) => keptStatementCount(c));

  beforeAll(async () => {
    await seedDuckdb(temp.dataDir);
    connector = await openConnector({ type: 'duckdb', config: {} }, temp.context);
    warehouse = await openWarehouse(temp.dataDir, ACCOUNT_ID);
  });
  afterAll(temp.remove);

  it('answers each run with its own bound values from one kept statement', async () => {
    const sql = 'select name from known where id = $1';
    const before = await keptCount();
    const first = await connector.run(sql, { ...COMPILED, params: [1] });
    const second = await connector.run(sql, { ...COMPILED, params: [2] });
    expect(first.rows).toEqual([['alpha']]);
    expect(second.rows).toEqual([['beta']]);
    expect(await keptCount()).toBe(before + 1);
  });

  it('reads every chunk of a long result in order, and cuts it at the row limit', async () => {
    // DuckDB hands results over in chunks of 2,048 rows: 5,000 rows span three of them.
    const sql = 'select range as n from range(5000) order by 1 limit $1';
    const whole = await connector.run(sql, { ...COMPILED, maxRows: 6000, params: [6001] });
    expect(whole.rows.map(([n]) => n)).toEqual(Array.from({ length: 5000 }, (_, n) => n));
    expect(whole.truncated).toBe(false);
    const cut = await connector.run(sql, { ...COMPILED, maxRows: 4100, params: [4101] });
    expect(cut.rows.length).toBe(4100);
    expect(cut.rows[4099]).toEqual([4099]);
    expect(cut.truncated).toBe(true);
  });

  it('reads a table replaced after the statement was kept', async () => {
    const sql = 'select * from known order by 1 limit 1';
    const before = await connector.run(sql, COMPILED);
    expect(before.columns.map((column) => column.name)).toContain('amount');
    const csv = join(stagingDir(temp.dataDir, ACCOUNT_ID), 'replaced.csv');
    writeFileSync(csv, 'label,score\nnew,42\n');
    await warehouse.ingestFile(csv, 'known', 'csv', { replace: true });
    const after = await connector.run(sql, COMPILED);
    expect(after.columns.map((column) => column.name)).toEqual(['label', 'score']);
    expect(after.rows).toEqual([['new', 42]]);
  });

  it('plans afresh once rows are added to a table it planned over while empty', async () => {
    await warehouse.withConnection((c) => c.run('create table picks (chart varchar)'));
    const sql = 'select chart, count(*) as n from picks group by 1 order by 1';
    expect((await connector.run(sql, COMPILED)).rows).toEqual([]);
    await warehouse.withConnection((c) =>
      c.run("insert into picks values ('Bar'), ('Bar'), ('Line')"),
    );
    expect((await connector.run(sql, COMPILED)).rows).toEqual([
      ['Bar', 2],
      ['Line', 1],
    ]);
  });

  it('moves the data version around work that may write, not around reads', async () => {
    const before = warehouse.dataVersion;
    await warehouse.withReadConnection((c) => c.run('select 1'));
    expect(warehouse.dataVersion).toBe(before);
    let during = before;
    await warehouse.withConnection(async (c) => {
      during = warehouse.dataVersion;
      await c.run('select 1');
    });
    expect(during).toBeGreaterThan(before);
    expect(warehouse.dataVersion).toBeGreaterThan(during);
  });

  it('keeps no refused statement, and a failed run drops what the connection kept', async () => {
    expect((await connector.run('select 1 as kept', COMPILED)).rows).toEqual([[1]]);
    const before = await keptCount();
    expect(before).toBeGreaterThan(0);
    await expect(
      connector.run('create table sneaky as select 1 as n', COMPILED),
    ).rejects.toMatchObject({ message: /read-only/ });
    expect(await keptCount()).toBe(before);
    await expect(
      connector.run('select cast($1 as integer) as n', { ...COMPILED, params: ['not a number'] }),
    ).rejects.toThrow();
    expect(await keptCount()).toBe(0);
  });

  it('keeps at most its bound per connection, dropping the least recently used', async () => {
    for (let n = 0; n < PREPARED_PER_CONNECTION + 5; n++) {
      const answer = await connector.run(`select ${n} as n`, COMPILED);
      expect(answer.rows).toEqual([[n]]);
    }
    expect(await keptCount()).toBe(PREPARED_PER_CONNECTION);
    // The oldest were destroyed; asking one again prepares it afresh and still answers.
    expect((await connector.run('select 0 as n', COMPILED)).rows).toEqual([[0]]);
  });

  it('still prepares explorer SQL afresh every time (nothing kept)', async () => {
    const before = await keptCount();
    await connector.run('select 1 as explorer', { timeoutMs: 10_000, maxRows: 10 });
    expect(await keptCount()).toBe(before);
  });
});
