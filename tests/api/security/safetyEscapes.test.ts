import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '../../../server/engines/connector';
import { openWarehouse } from '../../../server/engines/duckdb/warehouseRegistry';
import { openConnector } from '../../../server/engines/index';
import { QueryError } from '../../../server/engines/queryError';
import { sqliteSourcesDir } from '../../../server/engines/sqlite/connector';
import {
  createMariaDatabase,
  createPostgresDatabase,
  MARIADB_SERVER,
  POSTGRES_SERVER,
  type ExternalDatabase,
  type SkippedDatabase,
} from '../externalDatabases';
import {
  ACCOUNT_ID,
  seedDuckdb,
  seedMaria,
  seedPostgres,
  seedSqlite,
  tempDataDir,
} from '../enginesFixtures';

// Escape attempts that must fail (docs/architecture.md §7), each against the real engine, and the proof that
// the source is untouched and still usable afterwards.

const LIMITS = { timeoutMs: 10_000, maxRows: 100 };

async function refusal(run: Promise<unknown>): Promise<QueryError> {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(QueryError);
  expect((error as QueryError).statusCode).toBe(400);
  return error as QueryError;
}

describe('duckdb warehouse escapes', () => {
  const temp = tempDataDir();
  let duck: Connector;
  beforeAll(async () => {
    await seedDuckdb(temp.dataDir);
    duck = await openConnector({ type: 'duckdb', config: {} }, temp.context);
  });
  afterAll(() => temp.remove());

  it.each([
    ["select * from read_csv('/etc/passwd')", /read_csv\(\) is not allowed/],
    ["select * from read_text('/etc/hostname')", /read_text\(\) is not allowed/],
    ["COPY known TO '/tmp/brandboard-escape.csv'", /read-only statement|Permission Error/],
    ["ATTACH '/tmp/brandboard-escape.duckdb' AS x", /read-only statement/],
    ['INSTALL httpfs', /read-only statement/],
    ['LOAD httpfs', /read-only statement/],
    ['SET enable_external_access=true', /read-only statement/],
    ['select 1; select 2', /Only one statement/],
    ['select 1; drop table known', /Only one statement/],
    ['insert into known (id) values (99)', /read-only statement/],
    ['delete from known', /read-only statement/],
    ['create table other as select 1', /read-only statement/],
    ['EXPLAIN ANALYZE delete from known', /read-only statement/],
    ['explain /* x */ analyze delete from known', /read-only statement/],
    ['call pragma_version()', /read-only statement/],
  ])('refuses %s', async (sql, message) => {
    const error = await refusal(duck.run(sql, LIMITS));
    expect(error.message).toMatch(message);
    const rows = await duck.run('select count(*) from known', LIMITS);
    expect(rows.rows).toEqual([[3]]);
  });

  it('even the server code cannot lift the lock on the warehouse', async () => {
    const warehouse = await openWarehouse(temp.dataDir, ACCOUNT_ID);
    await expect(
      warehouse.withConnection((c) => c.run('SET enable_external_access=true')),
    ).rejects.toThrow(/locked/);
  });

  it('points at the failing line and column', async () => {
    const error = await refusal(duck.run('select 1\nfrom no_such_table', LIMITS));
    expect(error).toMatchObject({ line: 2, column: 6 });
    expect(error.message).toMatch(/no_such_table does not exist/);
  });

  it('stops a query past its time limit and stays usable', async () => {
    const error = await refusal(
      duck.run('select count(*) from range(100000000) a, range(100000000) b', {
        ...LIMITS,
        timeoutMs: 300,
      }),
    );
    expect(error.kind).toBe('timeout');
    expect((await duck.run('select 42', LIMITS)).rows).toEqual([[42]]);
  });

  it('cancels a running query on abort', async () => {
    const controller = new AbortController();
    const running = duck.run('select count(*) from range(100000000) a, range(100000000) b', {
      ...LIMITS,
      timeoutMs: 60_000,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 200);
    const error = await refusal(running);
    expect(error.kind).toBe('cancelled');
    expect((await duck.run('select 42', LIMITS)).rows).toEqual([[42]]);
  });

  it('ingests only files from the tenant staging folder', async () => {
    const warehouse = await openWarehouse(temp.dataDir, ACCOUNT_ID);
    await expect(warehouse.ingestFile('/etc/passwd', 'passwd', 'csv')).rejects.toThrow(
      /staging folder/,
    );
    const outside = join(temp.dataDir, 'outside.csv');
    writeFileSync(outside, 'a\n1\n');
    const link = join(warehouse.staging, 'link.csv');
    symlinkSync(outside, link);
    await expect(warehouse.ingestFile(link, 'linked', 'csv')).rejects.toThrow(/staging folder/);
  });
});

describe('sqlite file escapes', () => {
  const temp = tempDataDir();
  let lite: Connector;
  beforeAll(async () => {
    seedSqlite(temp.dataDir);
    lite = await openConnector({ type: 'sqlite', config: { file: 'known.sqlite' } }, temp.context);
  });
  afterAll(() => temp.remove());

  it.each(['../x.sqlite', '../../brandboard.sqlite', '/etc/passwd', 'a/../../b.sqlite'])(
    'refuses the path %s',
    async (file) => {
      await expect(
        openConnector({ type: 'sqlite', config: { file } }, temp.context),
      ).rejects.toMatchObject({ statusCode: 400, field: 'file' });
    },
  );

  it('refuses a symlink leading out of the sources folder', async () => {
    const link = join(sqliteSourcesDir(temp.dataDir, ACCOUNT_ID), 'meta.sqlite');
    mkdirSync(sqliteSourcesDir(temp.dataDir, ACCOUNT_ID), { recursive: true });
    writeFileSync(join(temp.dataDir, 'brandboard.sqlite'), '');
    symlinkSync(join(temp.dataDir, 'brandboard.sqlite'), link);
    await expect(
      openConnector({ type: 'sqlite', config: { file: 'meta.sqlite' } }, temp.context),
    ).rejects.toMatchObject({ statusCode: 400, field: 'file' });
  });

  it.each([
    ['select 1; select 2', /Only one statement/],
    ['insert into known (id) values (99)', /read-only statement/],
    ["attach 'x.sqlite' as x", /read-only statement/],
    ['delete from known', /read-only statement/],
  ])('refuses %s', async (sql, message) => {
    const error = await refusal(lite.run(sql, LIMITS));
    expect(error.message).toMatch(message);
    expect((await lite.run('select count(*) from known', LIMITS)).rows).toEqual([[3]]);
  });

  it('stops a query past its time limit', async () => {
    const error = await refusal(
      lite.run(
        'with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r',
        { ...LIMITS, timeoutMs: 300 },
      ),
    );
    expect(error.kind).toBe('timeout');
  });
});

function external(create: () => Promise<ExternalDatabase | SkippedDatabase>) {
  const state: { db?: ExternalDatabase; skipped?: boolean } = {};
  beforeAll(async () => {
    const database = await create();
    if (database.skipped) state.skipped = true;
    else state.db = database;
  });
  afterAll(async () => {
    await state.db?.drop();
  });
  return state;
}

/**
 * A read-only connector of `type` on a fresh database from `create` (seeded when given); none
 * when that server is not reachable.
 */
function readerOn(
  type: 'postgres' | 'mysql',
  create: () => Promise<ExternalDatabase | SkippedDatabase>,
  seed?: (config: ExternalDatabase['config']) => Promise<void>,
) {
  const temp = tempDataDir();
  const state = external(create);
  const opened: { source?: Connector } = {};
  beforeAll(async () => {
    if (!state.db) return;
    await seed?.(state.db.config);
    opened.source = await openConnector({ type, config: state.db.reader }, temp.context);
  });
  afterAll(async () => {
    await opened.source?.close();
    await temp.remove();
  });
  return { state, opened };
}

describe('postgres escapes', () => {
  const { state, opened } = readerOn('postgres', createPostgresDatabase, seedPostgres);

  it.for<[string, RegExp]>([
    ['with x as (delete from known returning *) select * from x', /read-only transaction/],
    ['insert into known (id) values (99)', /read-only statement/],
    ['select 1; delete from known', /Only one statement/],
    ['set statement_timeout = 0', /read-only statement/],
    ['commit', /read-only statement/],
    [
      "select * from pg_read_file('/etc/passwd') where 1 = 0; select 1",
      /pg_read_file.*not allowed/,
    ],
    ["select pg_read_file('/etc/passwd')", /pg_read_file.*not allowed/],
    ['select "pg_ls_dir"(\'.\')', /pg_ls_dir.*not allowed/],
    ["select set_config('statement_timeout', '0', false)", /set_config.*not allowed/],
    ['select pg_terminate_backend(pg_backend_pid())', /pg_terminate_backend.*not allowed/],
    ["copy known to '/tmp/brandboard-escape.csv'", /read-only statement/],
    ["select nextval('known_seq')", /read-only transaction/],
  ])('refuses %s', async ([sql, message], context) => {
    if (!opened.source) return context.skip();
    const error = await refusal(opened.source.run(sql, LIMITS));
    expect(error.message).toMatch(message);
    expect((await opened.source.run('select count(*) from known', LIMITS)).rows).toEqual([[3]]);
  });

  it('still reads the names of those functions inside literals', async (context) => {
    if (!opened.source) return context.skip();
    const answer = await opened.source.run(
      "select 'pg_read_file(x)' as words, $$set_config($$ as more from known where id = 1",
      LIMITS,
    );
    expect(answer.rows).toEqual([['pg_read_file(x)', 'set_config(']]);
  });

  it('points at the failing line and column', async (context) => {
    if (!opened.source) return context.skip();
    const error = await refusal(opened.source.run('select id\nfrom no_such_table', LIMITS));
    expect(error).toMatchObject({ line: 2, column: 6 });
  });

  it('stops pg_sleep(5) past a 500 ms limit, and the connection is usable afterwards', async (context) => {
    if (!opened.source) return context.skip();
    const error = await refusal(
      opened.source.run('select pg_sleep(5)', { ...LIMITS, timeoutMs: 500 }),
    );
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('Query stopped: it ran longer than the 500 ms limit.');
    for (let i = 0; i < 6; i++) {
      expect((await opened.source.run('select 1 as one', LIMITS)).rows).toEqual([[1]]);
    }
  });

  it('cancels a running pg_sleep at the server on abort', async (context) => {
    if (!opened.source || !state.db) return context.skip();
    const controller = new AbortController();
    const running = opened.source.run("select pg_sleep(30), 'brandboard-cancel-probe'", {
      ...LIMITS,
      timeoutMs: 60_000,
      signal: controller.signal,
    });
    const admin = new pg.Client({ ...POSTGRES_SERVER, database: state.db.config.database });
    await admin.connect();
    try {
      const activeProbe = () =>
        admin.query(
          `select count(*)::int as n from pg_stat_activity
           where state = 'active' and query like '%brandboard-cancel-probe%' and pid <> pg_backend_pid()`,
        );
      // wait until the server runs it, then abort
      for (let i = 0; i < 100 && (await activeProbe()).rows[0].n === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await activeProbe()).rows[0].n).toBe(1);
      controller.abort();
      const error = await refusal(running);
      expect(error.kind).toBe('cancelled');
      expect((await activeProbe()).rows[0].n).toBe(0);
    } finally {
      await admin.end();
    }
  });
});

describe('mysql (MariaDB) escapes', () => {
  const { opened } = readerOn('mysql', createMariaDatabase, seedMaria);

  it.for<[string, RegExp]>([
    ['insert into known (id) values (99)', /read-only statement/],
    ['select 1; delete from known', /only one statement/i],
    ['set session transaction read write', /read-only statement/],
    ['select 1 into @brandboard_probe', /into.*not allowed/],
    ["select load_file('/etc/passwd')", /load_file.*not allowed/],
    ['with x as (select 1) delete from known', /read-only transaction|syntax/],
  ])('refuses %s', async ([sql, message], context) => {
    if (!opened.source) return context.skip();
    const error = await refusal(opened.source.run(sql, LIMITS));
    expect(error.message).toMatch(message);
    expect((await opened.source.run('select count(*) from known', LIMITS)).rows).toEqual([[3]]);
  });

  // A read-only transaction does not stop SELECT … INTO OUTFILE: MariaDB writes the file.
  it.for([
    "select * from known into outfile '%s'",
    "select * from known into/**/dumpfile '%s'",
    "select * from known /*!50000 into outfile '%s' */",
  ])('writes no file for %s', async (template, context) => {
    if (!opened.source) return context.skip();
    const target = join(tmpdir(), `brandboard-escape-${process.pid}-${Date.now()}.txt`);
    const error = await refusal(opened.source.run(template.replace('%s', target), LIMITS));
    expect(error.message).toMatch(/into.*not allowed/);
    expect(existsSync(target)).toBe(false);
  });

  it('still reads the words INTO and LOAD_FILE inside literals', async (context) => {
    if (!opened.source) return context.skip();
    const answer = await opened.source.run(
      "select 'into outfile' as words, 'load_file(x)' as more from known where id = 1",
      LIMITS,
    );
    expect(answer.rows).toEqual([['into outfile', 'load_file(x)']]);
  });

  it('stops SELECT SLEEP(5) past a 500 ms limit, and the connection is usable afterwards', async (context) => {
    if (!opened.source) return context.skip();
    const error = await refusal(
      opened.source.run('select sleep(5)', { ...LIMITS, timeoutMs: 500 }),
    );
    expect(error.kind).toBe('timeout');
    expect((await opened.source.run('select 1', LIMITS)).rows).toEqual([[1]]);
  });
});

describe('mysql (MariaDB) cancellation', () => {
  const { state, opened } = readerOn('mysql', createMariaDatabase);

  it('stops a running SLEEP at the server on abort (KILL QUERY)', async (context) => {
    if (!opened.source || !state.db) return context.skip();
    const controller = new AbortController();
    const running = opened.source.run("select sleep(30), 'brandboard-cancel-probe'", {
      ...LIMITS,
      timeoutMs: 60_000,
      signal: controller.signal,
    });
    const admin = await mysql.createConnection(MARIADB_SERVER);
    try {
      const activeProbe = async () => {
        const [rows] = await admin.query(
          `select count(*) as n from information_schema.processlist
           where command = 'Query' and info like '%brandboard-cancel-probe%' and id <> connection_id()`,
        );
        return Number((rows as { n: number }[])[0].n);
      };
      for (let i = 0; i < 100 && (await activeProbe()) === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await activeProbe()).toBe(1);
      controller.abort();
      const error = await refusal(running);
      expect(error.kind).toBe('cancelled');
      expect(await activeProbe()).toBe(0);
      expect((await opened.source.run('select 1', LIMITS)).rows).toEqual([[1]]);
    } finally {
      await admin.end();
    }
  });
});

describe('host policy', () => {
  const temp = tempDataDir();
  afterAll(() => temp.remove());
  const noAllowList = { ...temp.context, allowedHosts: [] as string[] };

  it.each([
    '127.0.0.1',
    'localhost',
    '10.1.2.3',
    '192.168.0.10',
    '172.20.0.1',
    '169.254.169.254',
    '::1',
    '0.0.0.0',
    '[::ffff:127.0.0.1]',
  ])('refuses %s without DATASOURCE_ALLOWED_HOSTS', async (host) => {
    await expect(
      openConnector({ type: 'postgres', config: { host, database: 'x', user: 'u' } }, noAllowList),
    ).rejects.toMatchObject({
      statusCode: 400,
      field: 'host',
      message: expect.stringMatching(/DATASOURCE_ALLOWED_HOSTS/),
    });
  });

  it('allows a listed host only on its listed port', async () => {
    const allowed = { ...temp.context, allowedHosts: ['localhost:5432'] };
    const connector = await openConnector(
      { type: 'postgres', config: { host: 'localhost', port: 5432, database: 'x', user: 'u' } },
      allowed,
    );
    await connector.close();
    await expect(
      openConnector(
        { type: 'mysql', config: { host: 'localhost', port: 3306, database: 'x', user: 'u' } },
        allowed,
      ),
    ).rejects.toMatchObject({ field: 'host' });
  });

  it('refuses the metadata database even when its host is allowed', async () => {
    const context = {
      ...temp.context,
      allowedHosts: ['127.0.0.1', 'localhost'],
      metadataDatabaseUrl: 'postgres://postgres@127.0.0.1:5432/brandboard_meta',
    };
    await expect(
      openConnector(
        {
          type: 'postgres',
          config: { host: 'localhost', port: 5432, database: 'brandboard_meta', user: 'postgres' },
        },
        context,
      ),
    ).rejects.toMatchObject({
      field: 'host',
      message: 'A data source may not point at the metadata database.',
    });
  });

  it('allows no private host when the context lists none, whatever the environment says', async () => {
    // Only server/config.ts reads DATASOURCE_ALLOWED_HOSTS; connectors get the list from it.
    const before = process.env.DATASOURCE_ALLOWED_HOSTS;
    process.env.DATASOURCE_ALLOWED_HOSTS = '127.0.0.1';
    try {
      const { dataDir, accountId } = temp.context;
      await expect(
        openConnector(
          { type: 'postgres', config: { host: '127.0.0.1', database: 'x', user: 'u' } },
          { dataDir, accountId },
        ),
      ).rejects.toMatchObject({ statusCode: 400, field: 'host' });
    } finally {
      if (before === undefined) delete process.env.DATASOURCE_ALLOWED_HOSTS;
      else process.env.DATASOURCE_ALLOWED_HOSTS = before;
    }
  });
});
