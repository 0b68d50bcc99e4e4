import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '../../../server/engines/connector';
import { openConnector, testSource } from '../../../server/engines/index';
import { QueryError } from '../../../server/engines/queryError';
import { ApiError } from '../../../server/errors';
import {
  CLICKHOUSE_SETUP_MS,
  clickhouseExec,
  clickhouseRowsOf,
  createClickhouseDatabase,
  type ClickhouseDatabase,
} from '../clickhouseDatabases';
import { expectTestFails, seedClickhouse, tempDataDir } from '../enginesFixtures';

// ClickHouse against the real server (Debian's 18.16, started by the test setup): its refusals,
// the server-side read-only mode, time limits, cancellation by KILL QUERY seen in
// system.processes, the users' readonly profiles, values and the host policy.

const LIMITS = { timeoutMs: 10_000, maxRows: 1000 };
/** A query that counts for ever, until the server or the connector stops it. */
const endless = (marker: string) =>
  `select count(), '${marker}' from system.numbers where sipHash64(number) != 0`;

const temp = tempDataDir();
let database: ClickhouseDatabase;
let connector: Connector;

beforeAll(async () => {
  database = await createClickhouseDatabase();
  await seedClickhouse(database.admin);
  await clickhouseExec(database.admin, [
    `create table typed (id UInt8, berlin DateTime('Europe/Berlin'), big UInt64,
       list Array(Int64), ratio Nullable(Float64), code FixedString(2),
       level Enum8('low' = 1, 'high' = 2)) engine = MergeTree order by id`,
    `insert into typed values (1, '2024-07-01 12:00:00', 18446744073709551615, [1, 9007199254740993],
       null, 'ab', 'high')`,
  ]);
  connector = await openConnector({ type: 'clickhouse', config: database.reader }, temp.context);
}, CLICKHOUSE_SETUP_MS);

afterAll(async () => {
  await connector?.close();
  await database?.drop();
  await temp.remove();
});

async function refusal(sql: string, conn: Connector = connector): Promise<QueryError> {
  const error = await conn.run(sql, LIMITS).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, sql).toBeInstanceOf(QueryError);
  return error as QueryError;
}

/** Queries of this test still at the server, by a marker in their text. */
async function runningWith(marker: string): Promise<number> {
  const rows = await clickhouseRowsOf(
    database.admin,
    `select count() from system.processes where query like '%${marker}%' and query not like '%system.processes%'`,
  );
  return Number(rows[0][0]);
}

async function waitFor(check: () => Promise<boolean>, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe('clickhouse refusals', () => {
  const refused: Array<[string, RegExp]> = [
    ['insert into known (id) values (9)', /"INSERT" is not allowed/],
    ['create table x (a Int8) engine = Memory', /"CREATE" is not allowed/],
    ['drop table known', /"DROP" is not allowed/],
    ['alter table known delete where 1', /"ALTER" is not allowed/],
    ['system drop dns cache', /"SYSTEM" is not allowed/],
    ['set max_execution_time = 0', /"SET" is not allowed/],
    ['kill query where 1', /"KILL" is not allowed/],
    ['select 1; select 2', /Only one statement/],
    ["select * from url('http://127.0.0.1:18123/', CSV, 'a String')", /"url" is not allowed/],
    ["select * from `url`('http://x/', CSV, 'a String')", /"url" is not allowed/],
    ["select * from file('x.csv', CSV, 'a String')", /"file" is not allowed/],
    ["select * from remote('127.0.0.1:19000', system.one)", /"remote" is not allowed/],
    ["select * from mysql('h:3306', 'd', 't', 'u', 'p')", /"mysql" is not allowed/],
    ["select * from s3('http://x/y.csv')", /"s3" is not allowed/],
    ["select dictGetString('d', 'a', toUInt64(1))", /"dictGetString" is not allowed/],
    ['select 1 settings max_execution_time = 0', /"settings" is not allowed/],
    ['select 1 format TSV', /"format" is not allowed/],
    ["select 1 into outfile '/tmp/x'", /"into" is not allowed/],
    ['select query from system.processes', /"system.processes" is not allowed/],
    ['select * from system.query_log', /"system.query_log" is not allowed/],
    ['select * from `system`.`settings`', /"system.settings" is not allowed/],
    ['show processlist', /SHOW may list tables/],
    ['show tables from system', /system database is not listed/],
  ];
  for (const [sql, message] of refused) {
    it(`refuses ${sql}`, async () => {
      const error = await refusal(sql);
      expect(error.kind).toBe('refused');
      expect(error.message).toMatch(message);
    });
  }

  it('lets through words inside literals, comments and names, and readable system tables', async () => {
    const sql = `-- a comment with url('x')
      select 'url(x); settings' as \`format\`, count() /* file('y') */ from system.one;`;
    const result = await connector.run(sql, LIMITS);
    expect(result.rows).toEqual([['url(x); settings', 1]]);
    const tables = await connector.run('show tables', LIMITS);
    expect(tables.rows.map((row) => row[0])).toEqual(expect.arrayContaining(['known', 'wide']));
  });

  it('runs every query read-only at the server: a table function the guard lets pass is refused there', async () => {
    const error = await refusal('select * from numbers(3)');
    expect(error.kind).toBe('refused');
    expect(error.message).toMatch(/readonly mode.*sources are read-only/i);
  });
});

describe('clickhouse limits and cancellation', () => {
  it('answers at most maxRows and says the result was truncated, even with an ORDER BY', async () => {
    const cut = await connector.run('select n from wide order by n desc', {
      ...LIMITS,
      maxRows: 3,
    });
    expect(cut.rows).toEqual([[5000], [4999], [4998]]);
    expect(cut.truncated).toBe(true);
  });

  it('stops a query at its time limit (max_execution_time) and leaves nothing running', async () => {
    const error = await connector
      .run(endless('timeout-check'), { ...LIMITS, timeoutMs: 1000 })
      .catch((caught: QueryError) => caught);
    expect(error).toBeInstanceOf(QueryError);
    expect((error as QueryError).kind).toBe('timeout');
    expect((error as QueryError).message).toMatch(/1000 ms limit/);
    expect(await waitFor(async () => (await runningWith('timeout-check')) === 0)).toBe(true);
  });

  it('cancels a running query with KILL QUERY: it leaves system.processes', async () => {
    const controller = new AbortController();
    const running = connector
      .run(endless('cancel-check'), { ...LIMITS, timeoutMs: 60_000, signal: controller.signal })
      .catch((caught: QueryError) => caught);
    expect(await waitFor(async () => (await runningWith('cancel-check')) === 1)).toBe(true);
    controller.abort();
    const error = await running;
    expect(error).toBeInstanceOf(QueryError);
    expect((error as QueryError).kind).toBe('cancelled');
    expect(await waitFor(async () => (await runningWith('cancel-check')) === 0)).toBe(true);
  });
});

describe('clickhouse users and connections', () => {
  it('runs for a readonly=1 user, which may set nothing: the client kills it at the time limit', async () => {
    const readonly = await openConnector(
      { type: 'clickhouse', config: database.readonlyUser },
      temp.context,
    );
    try {
      const result = await readonly.run('select count() from known', LIMITS);
      expect(result.rows).toEqual([[3]]);
      const error = await readonly
        .run(endless('readonly-timeout'), { ...LIMITS, timeoutMs: 500 })
        .catch((caught: QueryError) => caught);
      expect((error as QueryError).kind).toBe('timeout');
      expect(await waitFor(async () => (await runningWith('readonly-timeout')) === 0)).toBe(true);
    } finally {
      await readonly.close();
    }
  });

  it('refuses a readonly=2 user, which may call table functions, unless privileged users are allowed', async () => {
    const source = { type: 'clickhouse' as const, config: database.settingsUser };
    const settings = await openConnector(source, temp.context);
    try {
      const error = await refusal('select 1', settings);
      expect(error.message).toMatch(/brandboard_settings" may do more than read: readonly=2/);
    } finally {
      await settings.close();
    }
    const allowed = await openConnector(source, { ...temp.context, allowPrivilegedUsers: true });
    try {
      expect((await allowed.run('select 1', LIMITS)).rows).toEqual([[1]]);
    } finally {
      await allowed.close();
    }
  });

  it('tells a bad password, an unknown database and an unreachable host apart', async () => {
    const config = database.reader;
    expect(await testSource({ type: 'clickhouse', config }, temp.context)).toEqual({
      ok: true,
      message: expect.stringMatching(/^Connected to ClickHouse 18\.16\.\d+, database "/),
    });
    const badPassword = await testSource(
      { type: 'clickhouse', config: { ...config, password: 'wrong-password' } },
      temp.context,
    );
    expect(badPassword.ok).toBe(false);
    expect(badPassword.message).toMatch(/brandboard_reader/);
    await expectTestFails(
      { type: 'clickhouse', config: { ...config, database: 'no_such_db_x' } },
      temp.context,
      'Unknown database "no_such_db_x": it does not exist on 127.0.0.1.',
    );
    await expectTestFails(
      { type: 'clickhouse', config: { ...config, port: 1 } },
      temp.context,
      'Host 127.0.0.1:1 is unreachable (ECONNREFUSED).',
    );
  });

  it('refuses loopback and private hosts unless DATASOURCE_ALLOWED_HOSTS lists them', async () => {
    for (const host of ['127.0.0.1', 'localhost', '10.1.2.3']) {
      const error = await openConnector(
        { type: 'clickhouse', config: { ...database.reader, host } },
        { ...temp.context, allowedHosts: [] },
      ).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toMatch(/loopback or private address/);
    }
  });

  it('speaks TLS when asked: the plain HTTP port fails its handshake', async () => {
    const answer = await testSource(
      { type: 'clickhouse', config: { ...database.reader, ssl: true } },
      temp.context,
    );
    // The server answers the handshake's bytes as a bad request, or waits for more of them.
    const where = `127.0.0.1:${database.reader.port}`;
    expect(answer.ok).toBe(false);
    expect([
      `TLS with ${where} failed (EPROTO): the port may not speak TLS, or its certificate is not trusted.`,
      `Host ${where} is unreachable (ETIMEDOUT).`,
    ]).toContain(answer.message);
  });
});

describe('clickhouse values, parameters and errors', () => {
  it('answers JSON-safe values: DateTime in UTC from its zone, wide integers, arrays, nulls', async () => {
    const result = await connector.run('select * from typed', LIMITS);
    expect(result.columns.map((column) => column.type)).toEqual([
      'UInt8',
      "DateTime('Europe/Berlin')",
      'UInt64',
      'Array(Int64)',
      'Nullable(Float64)',
      'FixedString(2)',
      "Enum8('low' = 1, 'high' = 2)",
    ]);
    expect(result.rows).toEqual([
      [
        1,
        '2024-07-01T10:00:00.000Z',
        '18446744073709551615',
        [1, '9007199254740993'],
        null,
        'ab',
        'high',
      ],
    ]);
  });

  it('binds values as literals of their type on 18.16 (no query parameters there)', async () => {
    const tricky = "it's a \\'quote\\' \\\\ {p2:String} -- not code";
    const result = await connector.run(
      "select {p1:String} as text, '{p1:String}' as literal, {p2:Int64} + 1 as next",
      { ...LIMITS, params: [tricky, 41] },
    );
    expect(result.rows).toEqual([[tricky, '{p1:String}', 42]]);
  });

  it('marks the line of a syntax error in the SQL as the user wrote it', async () => {
    const error = await refusal('-- first a comment\n\nselect id\nfrom known\nwher id = 1');
    expect(error.kind).toBe('syntax');
    expect(error.line).toBe(5);
    expect(error.message).toMatch(/^Syntax error: failed at position \d+: id = 1/);
    expect(error.message).not.toMatch(/e\.what\(\)|Stack trace|\(line \d/);
  });

  it('marks a syntax error after a leading comment that holds the same SQL', async () => {
    const lineComment = await refusal('-- select id frm known\nselect id frm known');
    expect(lineComment.kind).toBe('syntax');
    expect([lineComment.line, lineComment.column]).toEqual([2, 15]);
    const statement = 'select id\nfrom known\nwher id = 1';
    const blockComment = await refusal(`/* ${statement} */\n${statement}`);
    expect(blockComment.kind).toBe('syntax');
    expect([blockComment.line, blockComment.column]).toEqual([6, 6]);
  });

  it('lists the tables of its database only, with columns, types and row counts', async () => {
    const schema = await connector.listSchema();
    expect(schema.tables.map((table) => table.name)).toEqual(['known', 'typed', 'wide']);
    expect(schema.tables[0]).toMatchObject({
      rowCount: 3,
      columns: expect.arrayContaining([{ name: 'seen_at', type: 'Nullable(DateTime)' }]),
    });
  });
});
