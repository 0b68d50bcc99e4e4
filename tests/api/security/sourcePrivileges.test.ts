import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';
import { nowIso } from '../../../server/db/schema';
import { seedMaria, seedPostgres } from '../enginesFixtures';
import {
  createMariaDatabase,
  createPostgresDatabase,
  MARIADB_SERVER,
  POSTGRES_SERVER,
  postgresExec,
  type ExternalDatabase,
  type SkippedDatabase,
} from '../externalDatabases';
import { call, type CallAnswer } from '../fixtures';
import {
  expectStillServes,
  sourceConfig,
  startSqlSourceServer,
  type SqlSourceServer,
} from './sqlSourceServer';

// Reads only, by construction: a PostgreSQL or MySQL source whose user may do more
// than read is refused when saved, tested or used, naming what it holds, unless the operator
// sets DATASOURCE_ALLOW_PRIVILEGED_USERS; connection fields carry no control characters; an
// IPv6 host carrying a loopback IPv4 address is loopback.

async function postgresAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ ...POSTGRES_SERVER, database: 'postgres' });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function mariaAdmin(sql: string): Promise<void> {
  const client = await mysql.createConnection(MARIADB_SERVER);
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe('source users that may do more than read', () => {
  let pgDb: ExternalDatabase | SkippedDatabase;
  let mariaDb: ExternalDatabase | SkippedDatabase;
  let app: SqlSourceServer;
  const suffix = `${process.pid}_${Date.now()}`;
  const pgFileReader = `brandboard_files_${suffix}`;
  const pgImporter = `brandboard_import_${suffix}`;
  const mariaFileUser = `bb_file_${suffix}`;
  const mariaRole = `bb_process_role_${suffix}`;
  const mariaRoleUser = `bb_role_${suffix}`;

  beforeAll(async () => {
    app = await startSqlSourceServer();
    [pgDb, mariaDb] = await Promise.all([createPostgresDatabase(), createMariaDatabase()]);
    if (!pgDb.skipped) {
      await seedPostgres(pgDb.config);
      await postgresAdmin(`create role ${pgFileReader} login in role pg_read_server_files`);
      await postgresAdmin(`create role ${pgImporter} login`);
      await postgresExec(pgDb.config, `grant execute on function lo_import(text) to ${pgImporter}`);
    }
    if (!mariaDb.skipped) {
      await seedMaria(mariaDb.config);
      await mariaAdmin(`create user '${mariaFileUser}'@'%'`);
      await mariaAdmin(
        `grant select on \`${mariaDb.config.database}\`.* to '${mariaFileUser}'@'%'`,
      );
      await mariaAdmin(`grant file on *.* to '${mariaFileUser}'@'%'`);
      await mariaAdmin(`create role ${mariaRole}`);
      await mariaAdmin(`grant process on *.* to ${mariaRole}`);
      await mariaAdmin(`create user '${mariaRoleUser}'@'%'`);
      await mariaAdmin(
        `grant select on \`${mariaDb.config.database}\`.* to '${mariaRoleUser}'@'%'`,
      );
      await mariaAdmin(`grant ${mariaRole} to '${mariaRoleUser}'@'%'`);
      await mariaAdmin(`set default role ${mariaRole} for '${mariaRoleUser}'@'%'`);
    }
  });
  afterAll(async () => {
    await app?.close();
    if (pgDb && !pgDb.skipped) {
      await pgDb.drop();
      await postgresAdmin(`drop role if exists ${pgFileReader}`);
      await postgresAdmin(`drop role if exists ${pgImporter}`);
    }
    if (mariaDb && !mariaDb.skipped) {
      await mariaDb.drop();
      await mariaAdmin(`drop user if exists '${mariaFileUser}'@'%', '${mariaRoleUser}'@'%'`);
      await mariaAdmin(`drop role if exists ${mariaRole}`);
    }
  });

  const expectRefusedUser = (answer: CallAnswer, named: RegExp) => {
    expect(answer.status, JSON.stringify(answer.json)).toBe(400);
    expect(answer.json.field).toBe('config.user');
    expect(answer.json.message).toMatch(named);
    expect(answer.json.message).toMatch(/DATASOURCE_ALLOW_PRIVILEGED_USERS/);
  };

  it('refuses the PostgreSQL superuser on create, naming rolsuper', async (context) => {
    if (pgDb.skipped) return context.skip();
    const answer = await app.createSource('postgres', sourceConfig(pgDb.config), 'pg super');
    expectRefusedUser(answer, /superuser \(rolsuper\)/);
    const saved = await app.server.app.db
      .selectFrom('data_sources')
      .select('id')
      .where('name', '=', 'pg super')
      .execute();
    expect(saved).toEqual([]);
  });

  it('refuses a member of pg_read_server_files and a user granted lo_import', async (context) => {
    if (pgDb.skipped) return context.skip();
    const config = sourceConfig(pgDb.config);
    expectRefusedUser(
      await app.createSource('postgres', { ...config, user: pgFileReader }),
      /member of pg_read_server_files/,
    );
    expectRefusedUser(
      await app.createSource('postgres', { ...config, user: pgImporter }),
      /EXECUTE on lo_import/,
    );
  });

  it('refuses MariaDB root (ALL PRIVILEGES), FILE, and PROCESS held through a role', async (context) => {
    if (mariaDb.skipped) return context.skip();
    const config = sourceConfig(mariaDb.config);
    const root = await app.createSource('mysql', config);
    expectRefusedUser(root, /FILE/);
    expect(root.json.message).toMatch(/SUPER/);
    expectRefusedUser(await app.createSource('mysql', { ...config, user: mariaFileUser }), /FILE/);
    const viaRole = await app.createSource('mysql', { ...config, user: mariaRoleUser });
    expectRefusedUser(viaRole, /PROCESS/);
    expect(viaRole.json.message).not.toMatch(/FILE/);
  });

  it('refuses an update to a privileged user, and keeps the source as it was', async (context) => {
    if (pgDb.skipped) return context.skip();
    const reader = sourceConfig(pgDb.reader);
    const id = await app.addSource('postgres', reader);
    const answer = await call({ base: app.base }, 'PUT', `/api/v1/datasources/${id}`, {
      token: app.tokens.admin,
      site: 'acme',
      body: { name: 'now super', type: 'postgres', config: { ...reader, user: 'postgres' } },
    });
    expectRefusedUser(answer, /superuser/);
    await expectStillServes(app, id);
  });

  it('refuses a privileged user saved earlier: on test (400) and on every query', async (context) => {
    if (pgDb.skipped || mariaDb.skipped) return context.skip();
    for (const [type, config, named] of [
      ['postgres', pgDb.config, /superuser/],
      ['mysql', mariaDb.config, /FILE/],
    ] as const) {
      // As a source saved before this check existed: written straight to the store.
      const row = await app.server.app.db
        .insertInto('data_sources')
        .values({
          account_id: app.accountId,
          name: `old ${type}`,
          type,
          config_json: JSON.stringify({ ...config, password: undefined }),
          password_enc: null,
          created_at: nowIso(),
          updated_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const tested = await call({ base: app.base }, 'POST', `/api/v1/datasources/${row.id}/test`, {
        token: app.tokens.admin,
        site: 'acme',
      });
      expectRefusedUser(tested, named);
      const run = await app.runSql(row.id, 'select count(*) from known');
      expect(run.status).toBe(400);
      expect(run.json.message).toMatch(named);
      const charted = await app.countAsViewer(row.id, 'select * from known');
      expect(charted.status).toBe(400);
      expect(charted.json.message).toMatch(named);
    }
  });

  it('lets least-privilege users work: create, test, query', async (context) => {
    if (pgDb.skipped || mariaDb.skipped) return context.skip();
    for (const [type, config] of [
      ['postgres', pgDb.reader],
      ['mysql', mariaDb.reader],
    ] as const) {
      const id = await app.addSource(type, sourceConfig(config));
      const tested = await call({ base: app.base }, 'POST', `/api/v1/datasources/${id}/test`, {
        token: app.tokens.admin,
        site: 'acme',
      });
      expect(tested.status).toBe(200);
      expect(tested.json.ok).toBe(true);
      await expectStillServes(app, id);
      const charted = await app.countAsViewer(id, 'select * from known');
      expect(charted.status).toBe(200);
      expect(charted.json.rows).toEqual([[3]]);
    }
  });
});

describe('DATASOURCE_ALLOW_PRIVILEGED_USERS=true', () => {
  let pgDb: ExternalDatabase | SkippedDatabase;
  let mariaDb: ExternalDatabase | SkippedDatabase;
  let app: SqlSourceServer;

  beforeAll(async () => {
    app = await startSqlSourceServer({ DATASOURCE_ALLOW_PRIVILEGED_USERS: 'true' });
    [pgDb, mariaDb] = await Promise.all([createPostgresDatabase(), createMariaDatabase()]);
    if (!pgDb.skipped) await seedPostgres(pgDb.config);
    if (!mariaDb.skipped) await seedMaria(mariaDb.config);
  });
  afterAll(async () => {
    await app?.close();
    if (pgDb && !pgDb.skipped) await pgDb.drop();
    if (mariaDb && !mariaDb.skipped) await mariaDb.drop();
  });

  it('lets the operator use the PostgreSQL superuser; the lexical layer and the read-only transaction still hold', async (context) => {
    if (pgDb.skipped) return context.skip();
    const id = await app.addSource('postgres', sourceConfig(pgDb.config));
    await expectStillServes(app, id);
    for (const [sql, named] of [
      ["select lo_import('/etc/passwd')", /lo_import/],
      ["select query_to_xml('select lo_import(''/etc/passwd'')', true, true, '')", /query_to_xml/],
      ['select U&"lo_\\0069mport"(\'/etc/passwd\')', /lo_import/],
      ["select lo_from_bytea(0, 'x')", /lo_from_bytea/],
      ['select lo_create(0)', /lo_create/],
      ['with x as (delete from known returning *) select * from x', /read-only transaction/],
      ["select nextval('known_seq')", /read-only transaction/],
    ] as const) {
      const answer = await app.runSql(id, sql);
      expect(answer.status, sql).toBe(400);
      expect(answer.json.message).toMatch(named);
    }
    await expectStillServes(app, id);
    // Nothing was imported: no large object exists in the database.
    const superuser = new pg.Client(pgDb.config);
    await superuser.connect();
    try {
      const objects = await superuser.query(
        'select count(*)::int as n from pg_largeobject_metadata',
      );
      expect(objects.rows[0].n).toBe(0);
    } finally {
      await superuser.end();
    }
  });

  it('lets the operator use MariaDB root; executable comments still refused', async (context) => {
    if (mariaDb.skipped) return context.skip();
    const id = await app.addSource('mysql', sourceConfig(mariaDb.config));
    await expectStillServes(app, id);
    const answer = await app.runSql(id, "select /*!50000load_file*/('/etc/passwd')");
    expect(answer.status).toBe(400);
    expect(answer.json.message).toMatch(/load_file/);
    await expectStillServes(app, id);
  });
});

describe('connection fields and hosts', () => {
  let app: SqlSourceServer;
  beforeAll(async () => {
    app = await startSqlSourceServer();
  });
  afterAll(() => app?.close());

  const base = { host: '127.0.0.1', port: 5432, database: 'shop', user: 'reader' };

  it.for([
    ['database', 'test\u0000options=-c search_path=x'],
    ['database', 'test\noptions'],
    ['user', 'reader\u0000options=-c role=postgres'],
    ['user', 'rea\tder'],
    ['password', 'secret\u0000options=-c search_path=x'],
    ['password', 'secret\u007f'],
  ] as const)('refuses a control character in %s (%j)', async ([field, value]) => {
    for (const type of ['postgres', 'mysql'] as const) {
      const answer = await app.createSource(type, { ...base, [field]: value });
      expect(answer.status).toBe(400);
      expect(answer.json.field).toBe(`config.${field}`);
      // NUL is refused where JSON is read (for every route), the rest by the source schema.
      expect(answer.json.message).toMatch(/control characters|the NUL character/);
    }
  });

  it('refuses a control character on update too', async () => {
    const created = await app.createSource('postgres', base);
    expect(created.status).toBe(200);
    const answer = await call({ base: app.base }, 'PUT', `/api/v1/datasources/${created.json.id}`, {
      token: app.tokens.admin,
      site: 'acme',
      body: { name: 'x', type: 'postgres', config: { ...base, database: 'shop\u0000x' } },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.field).toBe('config.database');
  });

  it.for(['[64:ff9b::7f00:1]', '[64:ff9b::127.0.0.1]', '[::127.0.0.1]', '[2002:7f00:1::]'])(
    'reads %s as the loopback address it carries (127.0.0.1 is allowed, this form is not)',
    async (host) => {
      const answer = await app.createSource('postgres', { ...base, host });
      expect(answer.status).toBe(400);
      expect(answer.json.field).toBe('config.host');
      expect(answer.json.message).toMatch(/loopback or private/);
    },
  );

  it('reads a mapped address in either notation as the IPv4 address it maps', async () => {
    // ::ffff:a00:1 is 10.0.0.1 (not allowed); ::ffff:7f00:1 is 127.0.0.1 itself (allowed).
    for (const host of ['[::ffff:a00:1]', '[::ffff:10.0.0.1]']) {
      const answer = await app.createSource('postgres', { ...base, host });
      expect(answer.status).toBe(400);
      expect(answer.json.message).toMatch(/\(10\.0\.0\.1\) is a loopback or private/);
    }
    expect((await app.createSource('postgres', { ...base, host: '[::ffff:7f00:1]' })).status).toBe(
      200,
    );
  });

  it('reads DATASOURCE_ALLOW_PRIVILEGED_USERS as a boolean, false by default', () => {
    expect(loadConfig({}).datasourceAllowPrivilegedUsers).toBe(false);
    expect(
      loadConfig({ DATASOURCE_ALLOW_PRIVILEGED_USERS: 'true' }).datasourceAllowPrivilegedUsers,
    ).toBe(true);
    expect(() => loadConfig({ DATASOURCE_ALLOW_PRIVILEGED_USERS: 'yes please' })).toThrow(
      ConfigError,
    );
  });
});
