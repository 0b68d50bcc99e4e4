import type { ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantIdentity } from '../../../server/engines/clickhouse/warehouseUsers';
import { CLICKHOUSE_SETUP_MS, clickhouseRowsOf } from '../clickhouseDatabases';
import {
  clickhouseWarehouseRun,
  rowsOrError,
  type ClickhouseWarehouseRun,
} from '../clickhouseWarehouses';
import { post, startQueryServer, type QueryTestServer } from '../queryTestServer';

// The isolation matrix of warehouses on ClickHouse (WAREHOUSE_URL, Debian's 18.16): tenant
// acme cannot read nor see tenant other's database by any name, through the system tables,
// merge(), remote(), file(), url(), dictionaries or settings. Each is tried twice: through the
// explorer (the statement guard, then the server), and straight as acme's own ClickHouse user,
// past every check of Brandboard's: what the guard cannot know, the user's rights bound.

const SECRET = 'other-tenant-secret-7f3a';

const MATRIX: string[] = [
  'SELECT * FROM {other}.secrets',
  'SELECT * FROM `{other}`.`secrets`',
  'SELECT * FROM "{other}"."secrets"',
  "SELECT name FROM system.tables WHERE database = '{other}'",
  "SELECT table, name FROM system.columns WHERE database = '{other}'",
  'SELECT name FROM system.databases',
  "SELECT database, table FROM system.parts WHERE database = '{other}'",
  'SHOW TABLES FROM {other}',
  "SELECT * FROM merge('{other}', '.*')",
  "SELECT * FROM remote('127.0.0.1:19000', '{other}', 'secrets', 'default', '{password}')",
  "SELECT * FROM remote('127.0.0.1:19000', '{other}.secrets')",
  "SELECT * FROM file('../../data/{other}/secrets/value.bin', 'RowBinary', 'v String')",
  "SELECT * FROM url('http://127.0.0.1:18123/?query=SELECT+*+FROM+{other}.secrets', CSV, 'v String')",
  "SELECT dictGetString('secrets', 'value', toUInt64(1))",
  'SELECT * FROM system.dictionaries',
  'SET readonly = 0',
  'SELECT * FROM {other}.secrets SETTINGS readonly = 0',
  'SELECT * FROM default.secrets',
];

let run: ClickhouseWarehouseRun;
let server: QueryTestServer;
let acme: TenantIdentity;
let other: TenantIdentity;
let sourceId: number;
let editor: { token: string; site: string };
let asAcme: ClickHouseClient;

const fill = (sql: string) =>
  sql.replaceAll('{other}', other.database).replaceAll('{password}', run.admin.password ?? '');

beforeAll(async () => {
  run = clickhouseWarehouseRun({
    WAREHOUSE_MAX_EXECUTION_SECONDS: '2',
    WAREHOUSE_MAX_RESULT_ROWS: '1000',
    WAREHOUSE_MAX_MEMORY_MB: '64',
  });
  server = await startQueryServer(run.env);
  const acmeId = await server.addAccount('acme', { editor: 'editor' });
  const otherId = await server.addAccount('other', { editor: 'editor' });
  const connectors = server.app.sourceConnectors;
  await connectors.useWarehouse(acmeId, (warehouse) =>
    warehouse.replaceTable('orders', [{ name: 'amount', type: 'double' }], [[1], [2]]),
  );
  await connectors.useWarehouse(otherId, (warehouse) =>
    warehouse.replaceTable('secrets', [{ name: 'value', type: 'text' }], [[SECRET]]),
  );
  acme = run.identityOf(server.config.appSecret, acmeId);
  other = run.identityOf(server.config.appSecret, otherId);
  sourceId = await server.addSource(acmeId, 'duckdb');
  editor = { token: await server.sessionFor('acme', 'editor'), site: 'acme' };
  asAcme = run.tenantClient(acme);
}, CLICKHOUSE_SETUP_MS);

afterAll(async () => {
  await asAcme?.close();
  await server?.close();
  await run?.cleanup();
});

describe('a ClickHouse warehouse keeps each tenant to its own database', () => {
  it('serves the tenant its own tables, in its own database', async () => {
    const answer = await post(
      server,
      '/api/v1/sql',
      { sourceId, sql: 'SELECT sum(amount) AS s FROM orders' },
      editor,
    );
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.rows).toEqual([[3]]);
    const where = await post(
      server,
      '/api/v1/sql',
      { sourceId, sql: 'SELECT currentDatabase()' },
      editor,
    );
    expect(where.json.rows).toEqual([[acme.database]]);
    // The other tenant's table is there: the server holds it.
    expect(
      await clickhouseRowsOf(run.admin, `SELECT value FROM ${other.database}.secrets`),
    ).toEqual([[SECRET]]);
  });

  it.for(MATRIX)('%s: nothing of the other tenant through the explorer', async (sql) => {
    const answer = await post(server, '/api/v1/sql', { sourceId, sql: fill(sql) }, editor);
    const text = JSON.stringify(answer.json);
    expect(text).not.toContain(SECRET);
    if (answer.status === 200) {
      expect(JSON.stringify(answer.json.rows)).not.toContain(other.database);
      expect(JSON.stringify(answer.json.rows)).not.toContain('secrets');
    } else {
      expect(answer.status).toBe(400);
    }
    const still = await post(
      server,
      '/api/v1/sql',
      { sourceId, sql: 'SELECT count() FROM orders' },
      editor,
    );
    expect(still.json.rows).toEqual([[2]]);
  });

  it.for(MATRIX)(
    '%s: nothing of the other tenant as its ClickHouse user, past the guard',
    async (sql) => {
      const answer = await rowsOrError(asAcme, fill(sql));
      const text = JSON.stringify(answer);
      expect(text).not.toContain(SECRET);
      if (Array.isArray(answer)) {
        expect(text).not.toContain(other.database);
        expect(text).not.toContain('secrets');
      } else {
        expect(answer).toMatch(/Access denied|readonly mode|No such external dictionary|Unknown/);
      }
    },
  );

  it('runs the tenant as a readonly=1 user whose limits the server set', async () => {
    const settings = await rowsOrError(
      asAcme,
      'SELECT name, value FROM system.settings WHERE name IN ' +
        "('readonly', 'max_execution_time', 'max_result_rows', 'max_memory_usage') ORDER BY name",
    );
    expect(settings).toEqual([
      ['max_execution_time', '2'],
      ['max_memory_usage', String(64 * 1024 * 1024)],
      ['max_result_rows', '1000'],
      ['readonly', '1'],
    ]);
    expect(await rowsOrError(asAcme, 'SELECT number FROM system.numbers LIMIT 1001')).toMatch(
      /Limit for result exceeded/,
    );
    expect(await rowsOrError(asAcme, 'SELECT count() FROM system.numbers')).toMatch(
      /Timeout exceeded/,
    );
    expect(
      await rowsOrError(
        asAcme,
        'SELECT groupArray(number) FROM (SELECT number FROM system.numbers LIMIT 20000000)',
      ),
    ).toMatch(/Memory limit/);
    expect(
      await rowsOrError(asAcme, `CREATE TABLE ${acme.database}.x (a UInt8) ENGINE = Memory`),
    ).toMatch(/readonly mode/);
    expect(await rowsOrError(asAcme, `INSERT INTO ${acme.database}.orders VALUES (1)`)).toMatch(
      /readonly mode/,
    );
  });

  it('stops a long query through the explorer within the time limit', async () => {
    const answer = await post(
      server,
      '/api/v1/sql',
      { sourceId, sql: 'SELECT count() FROM system.numbers' },
      editor,
    );
    expect(answer.status).not.toBe(200);
    expect(answer.json.message).toMatch(/longer than/);
  });
});
