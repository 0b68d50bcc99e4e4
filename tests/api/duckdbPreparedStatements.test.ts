import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '../../server/engines/connector';
import {
  keptStatementCount,
  PREPARED_PER_CONNECTION,
} from '../../server/engines/duckdbPreparedStatements';
import { openWarehouse, stagingDir, type Warehouse } from '../../server/engines/duckdbWarehouse';
import { openConnector } from '../../server/engines/index';
import { ACCOUNT_ID, seedDuckdb, tempDataDir } from './enginesFixtures';

// Compiled SQL keeps its prepared statement on the pooled DuckDB connection: repeats with other
// bound values answer their own rows, a replaced table is read afresh, refused or failing
// statements are not kept, and the number kept per connection is bounded.

const COMPILED = { timeoutMs: 10_000, maxRows: 100, compiled: true };

describe('prepared statements kept for compiled DuckDB queries', () => {
  const temp = tempDataDir();
  let connector: Connector;
  let warehouse: Warehouse;
  // The pool hands back the connection released last, so serial runs share one connection.
  const keptCount = () => warehouse.withConnection(async (c) => keptStatementCount(c));

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

  it('keeps neither a refused statement nor one whose run failed', async () => {
    const before = await keptCount();
    await expect(
      connector.run('create table sneaky as select 1 as n', COMPILED),
    ).rejects.toMatchObject({ message: /read-only/ });
    await expect(
      connector.run('select cast($1 as integer) as n', { ...COMPILED, params: ['not a number'] }),
    ).rejects.toThrow();
    expect(await keptCount()).toBe(before);
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
