import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '../../../server/engines/connector';
import { openConnector, testSource } from '../../../server/engines/index';
import { fieldTypeOf } from '../../../server/engines/jsonValues';
import {
  CLICKHOUSE_SETUP_MS,
  createClickhouseDatabase,
  type ClickhouseDatabase,
} from '../clickhouseDatabases';
import {
  createMariaDatabase,
  createPostgresDatabase,
  type ExternalDatabase,
  type SkippedDatabase,
} from '../externalDatabases';
import {
  expectTestFails,
  seedClickhouse,
  seedDuckdb,
  seedMaria,
  seedPostgres,
  seedSqlite,
  tempDataDir,
} from '../enginesFixtures';

// Every connector against its real engine: the same known rows, schema, limits and bound values.
// ClickHouse (Debian's 18.16) is installed and started when missing: it never skips.

const LIMITS = { timeoutMs: 10_000, maxRows: 1000 };
const KNOWN_SQL = 'select id, name, amount, big, day, seen_at, active from known order by id';

const TYPED_ROWS = [
  [1, 'alpha', 10.5, '9007199254740993', '2024-01-15', '2024-01-15T08:30:00.000Z', true],
  [2, 'beta', 20, 2, '2024-02-29', '2024-02-29T23:59:59.000Z', false],
  [3, null, null, null, null, null, null],
];

interface EngineCase {
  name: string;
  placeholder: (n: number) => string;
  rows: unknown[][];
  open: () => Promise<Connector | null>;
  cleanup: () => Promise<void>;
}

function sharedChecks(engine: EngineCase) {
  let connector: Connector | null = null;
  beforeAll(async () => {
    connector = await engine.open();
  });
  afterAll(async () => {
    await connector?.close();
    await engine.cleanup();
  });
  const live = () => {
    if (!connector) throw new Error('unreachable');
    return connector;
  };

  it('tests the connection', async (context) => {
    if (!connector) return context.skip();
    const answer = await live().test();
    expect(answer.ok).toBe(true);
    expect(answer.message).toMatch(/connected|opened/i);
  });

  it('lists tables, columns, types and row counts', async (context) => {
    if (!connector) return context.skip();
    const schema = await live().listSchema();
    const known = schema.tables.find((table) => table.name === 'known');
    expect(known?.columns.map((column) => column.name)).toEqual([
      'id',
      'name',
      'amount',
      'big',
      'day',
      'seen_at',
      'active',
    ]);
    const types = Object.fromEntries(known!.columns.map((c) => [c.name, c.type]));
    expect(fieldTypeOf(types.id)).toBe('number');
    expect(fieldTypeOf(types.name)).toBe('string');
    expect(fieldTypeOf(types.amount)).toBe('number');
    expect(known?.rowCount).toBe(3);
    expect(schema.tables.find((table) => table.name === 'wide')?.rowCount).toBe(5000);
  });

  it('answers rows as JSON-safe arrays in column order', async (context) => {
    if (!connector) return context.skip();
    const result = await live().run(KNOWN_SQL, LIMITS);
    expect(result.columns.map((column) => column.name)).toEqual([
      'id',
      'name',
      'amount',
      'big',
      'day',
      'seen_at',
      'active',
    ]);
    expect(result.rows).toEqual(engine.rows);
    expect(result).toMatchObject({ rowCount: 3, truncated: false, cached: false });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(JSON.stringify(result.rows))).toEqual(engine.rows);
  });

  it('fetches at most maxRows and says the result was truncated', async (context) => {
    if (!connector) return context.skip();
    const cut = await live().run('select n from wide order by n', { ...LIMITS, maxRows: 100 });
    expect(cut.rows).toHaveLength(100);
    expect(cut.rows[99]).toEqual([100]);
    expect(cut.truncated).toBe(true);
    const whole = await live().run('select n from wide', { ...LIMITS, maxRows: 5000 });
    expect(whole.rows).toHaveLength(5000);
    expect(whole.truncated).toBe(false);
  });

  it('binds parameters as values, never as SQL', async (context) => {
    if (!connector) return context.skip();
    const sql = `select name from known where id = ${engine.placeholder(1)} or name = ${engine.placeholder(2)}`;
    const bound = await live().run(sql, { ...LIMITS, params: [2, "x' or '1'='1"] });
    expect(bound.rows).toEqual([['beta']]);
  });
}

describe('duckdb warehouse connector', () => {
  const temp = tempDataDir();
  sharedChecks({
    name: 'duckdb',
    placeholder: (n) => `$${n}`,
    rows: TYPED_ROWS,
    open: async () => {
      await seedDuckdb(temp.dataDir);
      const connector = await openConnector({ type: 'duckdb', config: {} }, temp.context);
      const warehouse = await import('../../../server/engines/duckdb/warehouseRegistry');
      const wh = await warehouse.openWarehouse(temp.dataDir, temp.context.accountId);
      await wh.withConnection((c) =>
        c.run('create table wide as select range + 1 as n from range(5000)'),
      );
      return connector;
    },
    cleanup: temp.remove,
  });
});

describe('sqlite file connector', () => {
  const temp = tempDataDir();
  sharedChecks({
    name: 'sqlite',
    placeholder: () => '?',
    rows: [
      [1, 'alpha', 10.5, '9007199254740993', '2024-01-15', '2024-01-15 08:30:00', 1],
      [2, 'beta', 20, 2, '2024-02-29', '2024-02-29 23:59:59', 0],
      [3, null, null, null, null, null, null],
    ],
    open: async () => {
      seedSqlite(temp.dataDir);
      return openConnector({ type: 'sqlite', config: { file: 'known.sqlite' } }, temp.context);
    },
    cleanup: temp.remove,
  });

  it('says when the file does not exist', async () => {
    await expectTestFails(
      { type: 'sqlite', config: { file: 'missing.sqlite' } },
      temp.context,
      'File "missing.sqlite" does not exist in the sources folder.',
    );
  });
});

function externalEngine(
  name: string,
  create: () => Promise<ExternalDatabase | SkippedDatabase>,
  seed: (db: ExternalDatabase) => Promise<void>,
  type: 'postgres' | 'mysql',
  placeholder: (n: number) => string,
) {
  const temp = tempDataDir();
  let database: ExternalDatabase | SkippedDatabase | undefined;
  sharedChecks({
    name,
    placeholder,
    rows: TYPED_ROWS,
    open: async () => {
      database = await create();
      if (database.skipped) return null;
      await seed(database);
      return openConnector({ type, config: database.reader }, temp.context);
    },
    cleanup: async () => {
      if (database && !database.skipped) await database.drop();
      await temp.remove();
    },
  });
  return {
    context: temp.context,
    config: () => (database && !database.skipped ? database.reader : null),
  };
}

describe('postgres connector', () => {
  const engine = externalEngine(
    'postgres',
    createPostgresDatabase,
    (db) => seedPostgres(db.config),
    'postgres',
    (n) => `$${n}`,
  );

  it('tells an unknown database, an unknown user and an unreachable host apart', async (context) => {
    const config = engine.config();
    if (!config) return context.skip();
    await expectTestFails(
      { type: 'postgres', config: { ...config, database: 'no_such_db_x' } },
      engine.context,
      'Unknown database "no_such_db_x": it does not exist on 127.0.0.1.',
    );
    const unknownUser = await testSource(
      { type: 'postgres', config: { ...config, user: 'no_such_role' } },
      engine.context,
    );
    expect(unknownUser.ok).toBe(false);
    expect(unknownUser.message).toMatch(/refused user "no_such_role".*does not exist/);
    await expectTestFails(
      { type: 'postgres', config: { ...config, port: 1 } },
      { ...engine.context, allowedHosts: ['127.0.0.1'] },
      'Host 127.0.0.1:1 is unreachable (ECONNREFUSED).',
    );
  });
});

describe('mysql (MariaDB) connector', () => {
  const engine = externalEngine(
    'mysql',
    createMariaDatabase,
    (db) => seedMaria(db.config),
    'mysql',
    () => '?',
  );

  it('tells a bad password, an unknown database and an unreachable host apart', async (context) => {
    const config = engine.config();
    if (!config) return context.skip();
    await expectTestFails(
      { type: 'mysql', config: { ...config, password: 'wrong-password' } },
      engine.context,
      `Access denied for user "${config.user}" (bad password).`,
    );
    // Only a user with global privileges (root) learns that a database does not exist.
    await expectTestFails(
      { type: 'mysql', config: { ...config, user: 'root', database: 'no_such_db_x' } },
      engine.context,
      'Unknown database "no_such_db_x": it does not exist on 127.0.0.1.',
    );
    await expectTestFails(
      { type: 'mysql', config: { ...config, database: 'no_such_db_x' } },
      engine.context,
      `User "${config.user}" may not use database "no_such_db_x".`,
    );
    await expectTestFails(
      { type: 'mysql', config: { ...config, port: 1 } },
      engine.context,
      'Host 127.0.0.1:1 is unreachable (ECONNREFUSED).',
    );
  });
});

describe('clickhouse connector', () => {
  const temp = tempDataDir();
  let database: ClickhouseDatabase | undefined;
  beforeAll(async () => {
    database = await createClickhouseDatabase();
    await seedClickhouse(database.admin);
  }, CLICKHOUSE_SETUP_MS);
  sharedChecks({
    name: 'clickhouse',
    placeholder: (n) => (n === 1 ? '{p1:Int64}' : `{p${n}:String}`),
    // 18.16 has no Bool type: booleans are UInt8.
    rows: TYPED_ROWS.map((row) =>
      row.map((value) => (typeof value === 'boolean' ? +value : value)),
    ),
    open: () => openConnector({ type: 'clickhouse', config: database!.reader }, temp.context),
    cleanup: async () => {
      await database?.drop();
      await temp.remove();
    },
  });
});
