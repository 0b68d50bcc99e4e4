import { fetchUtils } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '../../../server/services/secrets';
import { call, startAnalyticsServer, type AnalyticsServer } from '../datasourcesHarness';
import {
  createMariaDatabase,
  createPostgresDatabase,
  postgresExec,
  type ExternalDatabase,
  type SkippedDatabase,
} from '../externalDatabases';

// Data sources over HTTP: the simple-rest contract, write-only encrypted passwords, test
// connection against real PostgreSQL and MariaDB, schema browse, host policy, tenants, roles.

const SECRET = 'correct horse battery staple';

describe('data sources', () => {
  let server: AnalyticsServer;
  let pg: ExternalDatabase | SkippedDatabase;
  let maria: ExternalDatabase | SkippedDatabase;
  let admin: string;
  let editor: string;
  let viewer: string;
  let globex: string;
  const acme = (token: string) => ({ token, site: 'acme' });

  const provider = (token: string, site = 'acme') =>
    simpleRestProvider(`${server.base}/api/v1`, (url, options = {}) => {
      const headers = new Headers(options.headers);
      headers.set('authorization', `Bearer ${token}`);
      headers.set('site', site);
      return fetchUtils.fetchJson(url, { ...options, headers });
    });

  const pgSource = (name: string, extra: object = {}) => {
    if (pg.skipped) throw new Error(pg.reason);
    return { name, type: 'postgres', config: { ...pg.reader, ssl: false, ...extra } };
  };

  beforeAll(async () => {
    server = await startAnalyticsServer({ allowedHosts: ['127.0.0.1'] });
    [pg, maria] = await Promise.all([createPostgresDatabase(), createMariaDatabase()]);
    admin = await server.sessionFor('acme', 'admin');
    editor = await server.sessionFor('acme', 'editor');
    viewer = await server.sessionFor('acme', 'viewer');
    globex = await server.sessionFor('globex', 'boss');
  });
  afterAll(async () => {
    await server?.close();
    if (pg && !pg.skipped) await pg.drop();
    if (maria && !maria.skipped) await maria.drop();
  });

  it('creates, lists, reads, updates and deletes through ra-data-simple-rest', async (context) => {
    if (pg.skipped) return context.skip();
    const rest = provider(admin);
    const { data: created } = await rest.create('datasources', {
      data: pgSource('Sales DB', { password: SECRET }),
    });
    expect(created).toMatchObject({ name: 'Sales DB', type: 'postgres' });
    expect(created.config).toMatchObject({ host: '127.0.0.1', port: 5432, hasPassword: true });
    expect(created.config.password).toBeUndefined();

    const list = await rest.getList('datasources', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    // The tenant's own warehouse source exists from the first use.
    expect(list.data.map((s) => [s.name, s.type])).toEqual([
      ['Sales DB', 'postgres'],
      ['Warehouse', 'duckdb'],
    ]);
    expect(list.total).toBe(2);
    const filtered = await rest.getList('datasources', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'sales' },
    });
    expect(filtered.data.map((s) => s.id)).toEqual([created.id]);

    // react-admin sends the whole record back; without a password the stored one is kept.
    const { data: renamed } = await rest.update('datasources', {
      id: created.id,
      data: { ...created, name: 'Sales' },
      previousData: created,
    });
    expect(renamed).toMatchObject({ id: created.id, name: 'Sales' });
    expect(renamed.config.hasPassword).toBe(true);
    const { data: one } = await rest.getOne('datasources', { id: created.id });
    expect(one.name).toBe('Sales');

    const { data: removed } = await rest.delete('datasources', {
      id: created.id,
      previousData: one,
    });
    expect(removed.id).toBe(created.id);
    expect(
      (await call(server, 'GET', `/api/v1/datasources/${created.id}`, acme(admin))).status,
    ).toBe(404);
  });

  it('never answers the password and stores it encrypted', async (context) => {
    if (pg.skipped) return context.skip();
    const created = await call(server, 'POST', '/api/v1/datasources', {
      ...acme(admin),
      body: pgSource('Encrypted', { password: SECRET }),
    });
    expect(created.status).toBe(200);
    const id = created.json.id;
    for (const path of [`/api/v1/datasources/${id}`, '/api/v1/datasources']) {
      const answer = await call(server, 'GET', path, acme(admin));
      expect(JSON.stringify(answer.json)).not.toContain(SECRET);
    }
    const row = await server.app.db
      .selectFrom('data_sources')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(row.password_enc).toMatch(/^v1\./);
    expect(decryptSecret(row.password_enc!, server.config.appSecret)).toBe(SECRET);
    expect(() => decryptSecret(row.password_enc!, 'another app secret of 32+ chars....')).toThrow();

    // An explicit null removes the password.
    const cleared = await call(server, 'PUT', `/api/v1/datasources/${id}`, {
      ...acme(admin),
      body: pgSource('Encrypted', { password: null }),
    });
    expect(cleared.json.config.hasPassword).toBe(false);
    await call(server, 'DELETE', `/api/v1/datasources/${id}`, acme(admin));
  });

  it('tests connections with a clear message for each failure', async (context) => {
    if (pg.skipped || maria.skipped) return context.skip();
    const test = async (source: object) => {
      const created = await call(server, 'POST', '/api/v1/datasources', {
        ...acme(admin),
        body: source,
      });
      expect(created.status).toBe(200);
      const answer = await call(
        server,
        'POST',
        `/api/v1/datasources/${created.json.id}/test`,
        acme(admin),
      );
      await call(server, 'DELETE', `/api/v1/datasources/${created.json.id}`, acme(admin));
      expect(answer.status).toBe(200);
      return answer.json as { ok: boolean; message: string };
    };
    expect((await test(pgSource('pg ok'))).ok).toBe(true);
    const mariaSource = { name: 'maria', type: 'mysql', config: { ...maria.reader } };
    expect((await test(mariaSource)).ok).toBe(true);

    const badPassword = await test({
      ...mariaSource,
      name: 'maria bad password',
      config: { ...maria.reader, password: 'not the password' },
    });
    expect(badPassword).toMatchObject({ ok: false });
    expect(badPassword.message).toMatch(/bad password/i);

    const unknownDb = await test(pgSource('pg unknown db', { database: 'no_such_database_here' }));
    expect(unknownDb.ok).toBe(false);
    expect(unknownDb.message).toMatch(/unknown database "no_such_database_here"/i);

    const unreachable = await test(pgSource('pg unreachable', { port: 1 }));
    expect(unreachable.ok).toBe(false);
    expect(unreachable.message).toMatch(/unreachable/i);
  });

  it('browses the schema of a source: tables, columns, types, row counts', async (context) => {
    if (pg.skipped) return context.skip();
    await postgresExec(
      pg.config,
      `create table orders (id integer primary key, region text, amount numeric(10,2), placed date);
       insert into orders values (1, 'north', 10.5, '2024-01-02'), (2, 'south', 20, '2024-02-03');
       analyze orders;`,
    );
    const created = await call(server, 'POST', '/api/v1/datasources', {
      ...acme(admin),
      body: pgSource('Schema'),
    });
    const schema = await call(
      server,
      'GET',
      `/api/v1/datasources/${created.json.id}/schema`,
      acme(editor),
    );
    expect(schema.status).toBe(200);
    const orders = schema.json.tables.find((t: { name: string }) => /(^|\.)orders$/.test(t.name));
    expect(orders.columns.map((c: { name: string }) => c.name)).toEqual([
      'id',
      'region',
      'amount',
      'placed',
    ]);
    expect(orders.columns.every((c: { type: string }) => c.type.length > 0)).toBe(true);
    expect(orders.rowCount).toBe(2);
    await call(server, 'DELETE', `/api/v1/datasources/${created.json.id}`, acme(admin));
  });

  it('refuses private hosts not allowed and loopback without the allow list', async () => {
    const privateHost = await call(server, 'POST', '/api/v1/datasources', {
      ...acme(admin),
      body: {
        name: 'private',
        type: 'postgres',
        config: { host: '10.1.2.3', database: 'x', user: 'u' },
      },
    });
    expect(privateHost.status).toBe(400);
    expect(privateHost.json.field).toBe('config.host');
    expect(privateHost.json.message).toMatch(/DATASOURCE_ALLOWED_HOSTS/);

    const strict = await startAnalyticsServer({ allowedHosts: [] });
    try {
      const token = await strict.sessionFor('acme', 'admin');
      const loopback = await call(strict, 'POST', '/api/v1/datasources', {
        token,
        site: 'acme',
        body: {
          name: 'loop',
          type: 'postgres',
          config: { host: 'localhost', database: 'x', user: 'u' },
        },
      });
      expect(loopback.status).toBe(400);
      expect(loopback.json.message).toMatch(/loopback or private/);
    } finally {
      await strict.close();
    }
  });

  it('refuses the metadata store even when its host is allowed', async (context) => {
    if (pg.skipped) return context.skip();
    const open = await startAnalyticsServer({ backend: 'postgres', allowedHosts: ['127.0.0.1'] });
    try {
      const openToken = await open.sessionFor('acme', 'admin');
      const metadata = await call(open, 'POST', '/api/v1/datasources', {
        token: openToken,
        site: 'acme',
        body: {
          name: 'meta',
          type: 'postgres',
          config: {
            host: '127.0.0.1',
            port: 5432,
            database: new URL(open.config.databaseUrl!).pathname.slice(1),
            user: 'postgres',
          },
        },
      });
      expect(metadata.status).toBe(400);
      expect(metadata.json.message).toMatch(/metadata database/);
      const count = await open.app.db
        .selectFrom('data_sources')
        .select('id')
        .where('type', '=', 'postgres')
        .execute();
      expect(count).toEqual([]);
    } finally {
      await open.close();
    }
  });

  it('keeps sources to their account: another account gets 404 and never sees them', async (context) => {
    if (pg.skipped) return context.skip();
    const created = await call(server, 'POST', '/api/v1/datasources', {
      ...acme(admin),
      body: pgSource('Private'),
    });
    const id = created.json.id;
    const other = { token: globex, site: 'globex' };
    for (const [method, path, body] of [
      ['GET', `/api/v1/datasources/${id}`],
      ['PUT', `/api/v1/datasources/${id}`, pgSource('Stolen')],
      ['DELETE', `/api/v1/datasources/${id}`],
      ['POST', `/api/v1/datasources/${id}/test`],
      ['GET', `/api/v1/datasources/${id}/schema`],
    ] as [string, string, object?][]) {
      expect(
        (await call(server, method, path, { ...other, body })).status,
        `${method} ${path}`,
      ).toBe(404);
    }
    const list = await call(server, 'GET', '/api/v1/datasources', other);
    expect(list.json.map((s: { id: number }) => s.id)).not.toContain(id);
    expect(list.json.map((s: { name: string }) => s.name)).toEqual(['Warehouse']);
    // The acme token is refused on globex's site.
    expect(
      (await call(server, 'GET', '/api/v1/datasources', { token: admin, site: 'globex' })).status,
    ).toBe(403);
    const still = await call(server, 'GET', `/api/v1/datasources/${id}`, acme(admin));
    expect(still.json.name).toBe('Private');
    await call(server, 'DELETE', `/api/v1/datasources/${id}`, acme(admin));
  });

  it('lets editors read sources but not change them; viewers and the platform admin get 403', async () => {
    expect((await call(server, 'GET', '/api/v1/datasources', acme(editor))).status).toBe(200);
    const body = { name: 'x', type: 'sqlite', config: { file: 'x.db' } };
    expect(
      (await call(server, 'POST', '/api/v1/datasources', { ...acme(editor), body })).status,
    ).toBe(403);
    expect((await call(server, 'GET', '/api/v1/datasources', acme(viewer))).status).toBe(403);
    const root = await server.sessionFor('www', 'root');
    expect(
      (await call(server, 'GET', '/api/v1/datasources', { token: root, site: 'www' })).status,
    ).toBe(403);
    expect((await call(server, 'GET', '/api/v1/datasources', { site: 'acme' })).status).toBe(401);
  });

  it('answers 400 naming the field, or 409, for bad input and writes nothing', async () => {
    const before = await server.app.db.selectFrom('data_sources').select('id').execute();
    const bad: [object, number, string | undefined, RegExp][] = [
      [
        { name: 'a', type: 'oracle', config: {} },
        400,
        'type',
        /one of duckdb, postgres, mysql, sqlite/,
      ],
      [
        { name: 'a', type: 'postgres', config: { database: 'd', user: 'u' } },
        400,
        'config.host',
        /required/,
      ],
      [
        { name: 'a', type: 'postgres', config: { host: 'h', database: 'd', user: 'u', port: 'x' } },
        400,
        'config.port',
        /number/,
      ],
      [
        {
          name: 'a',
          type: 'postgres',
          config: { host: 'h', database: 'd', user: 'u', url: 'postgres://x' },
        },
        400,
        'url',
        /Unknown field/,
      ],
      [
        { name: 'a', type: 'sqlite', config: { file: '../other/brandboard.sqlite' } },
        400,
        'config.file',
        /relative/,
      ],
      [
        { name: 'a', type: 'sqlite', config: { file: '/etc/passwd' } },
        400,
        'config.file',
        /relative/,
      ],
      [{ name: '', type: 'sqlite', config: { file: 'a.db' } }, 400, 'name', /required/],
      [
        { name: 'Warehouse', type: 'sqlite', config: { file: 'a.db' } },
        409,
        'name',
        /already exists/,
      ],
      [{ name: 'Second warehouse', type: 'duckdb' }, 409, 'type', /already has/],
    ];
    await call(server, 'GET', '/api/v1/datasources', acme(admin)); // the warehouse exists
    for (const [body, status, field, message] of bad) {
      const answer = await call(server, 'POST', '/api/v1/datasources', { ...acme(admin), body });
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.json.field).toBe(field);
      expect(answer.json.message).toMatch(message);
    }
    const malformed = await fetch(`${server.base}/api/v1/datasources`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${admin}`,
        site: 'acme',
        'content-type': 'application/json',
      },
      body: '{"name":',
    });
    expect(malformed.status).toBe(400);
    const warehouse = (await call(server, 'GET', '/api/v1/datasources', acme(admin))).json.find(
      (s: { type: string }) => s.type === 'duckdb',
    );
    const retyped = await call(server, 'PUT', `/api/v1/datasources/${warehouse.id}`, {
      ...acme(admin),
      body: { name: 'W', type: 'sqlite', config: { file: 'a.db' } },
    });
    expect(retyped.status).toBe(400);
    expect(retyped.json.field).toBe('type');
    expect(
      (await call(server, 'GET', '/api/v1/datasources?sort=["password","ASC"]', acme(admin)))
        .status,
    ).toBe(400);
    const after = await server.app.db.selectFrom('data_sources').select('id').execute();
    expect(after.length).toBe(Math.max(before.length, 1));
  });
});
