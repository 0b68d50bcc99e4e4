import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickhouseQueryError } from '../../../server/engines/clickhouse/errors';
import {
  CLICKHOUSE_SETUP_MS,
  clickhouseRowsOf,
  createClickhouseDatabase,
  type ClickhouseDatabase,
} from '../clickhouseDatabases';
import { seedClickhouse } from '../enginesFixtures';
import { itRefusesClickhouseEscapes } from './clickhouseEscapeCorpus';
import { startSqlSourceServer, type SqlSourceServer } from './sqlSourceServer';

// The ClickHouse escape corpus (clickhouseEscapeCorpus.ts) against the real server (Debian's
// 18.16) and a real database, through a ClickHouse source.

describe('ClickHouse escape corpus (a source user whose queries run with readonly=1)', () => {
  let database: ClickhouseDatabase;
  let app: SqlSourceServer;
  let sourceId: number;

  beforeAll(async () => {
    database = await createClickhouseDatabase('brandboard_escape');
    await seedClickhouse(database.admin);
    app = await startSqlSourceServer();
    sourceId = await app.addSource('clickhouse', database.reader);
  }, CLICKHOUSE_SETUP_MS);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  itRefusesClickhouseEscapes(() => ({ app, sourceId }));

  it('left the data and the server as they were', async () => {
    expect(await clickhouseRowsOf(database.admin, 'select count() from known')).toEqual([['3']]);
    const readonly = await clickhouseRowsOf(
      database.admin,
      "select value from system.settings where name = 'readonly'",
    );
    expect(readonly).toEqual([['0']]);
  });

  it('shows no server path in an error', () => {
    const error = new Error(
      "Code: 107, e.displayText() = DB::Exception: File /var/lib/clickhouse/data/x/y.bin doesn't exist, e.what() = DB::Exception",
    );
    const sql = 'select 1';
    const message = clickhouseQueryError(error, {
      sent: sql,
      userSql: sql,
      userStartsAt: 0,
    }).message;
    expect(message).not.toContain('/var/lib/clickhouse');
    expect(message).toContain('[server path]');
  });
});
