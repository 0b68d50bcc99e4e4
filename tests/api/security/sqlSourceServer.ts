import { expect } from 'vitest';
import { nowIso } from '../../../server/db/schema';
import { addAccountWithUsers, call, sessionTokenFor, type CallAnswer } from '../fixtures';
import { startServer, type TestServer } from '../harness';
import type { ExternalDatabaseConfig } from '../externalDatabases';

// The real server with one tenant (acme: admin, editor, viewer) for the PostgreSQL, MySQL and
// ClickHouse escape corpus: sources created over HTTP, SQL run through the explorer route (/api/v1/sql)
// and, saved as a dataset, through the chart route a viewer uses (/api/v1/query).

type SqlSourceType = 'postgres' | 'mysql' | 'clickhouse';

export interface SqlSourceServer {
  server: TestServer;
  base: string;
  accountId: number;
  tokens: Record<'admin' | 'editor' | 'viewer', string>;
  /** POST /api/v1/datasources as the admin. */
  createSource: (type: SqlSourceType, config: object, name?: string) => Promise<CallAnswer>;
  /** A source that must be created: its id. */
  addSource: (type: SqlSourceType, config: object) => Promise<number>;
  /** POST /api/v1/sql as the editor. */
  runSql: (sourceId: number, sql: string) => Promise<CallAnswer>;
  /** A dataset saved with `sql` (as one saved before a guard existed), counted as the viewer. */
  countAsViewer: (sourceId: number, sql: string) => Promise<CallAnswer>;
  close: () => Promise<void>;
}

export async function startSqlSourceServer(
  env: Record<string, string> = {},
): Promise<SqlSourceServer> {
  const server = await startServer({ env: { DATASOURCE_ALLOWED_HOSTS: '127.0.0.1', ...env } });
  const accountId = await addAccountWithUsers(server, 'acme', {
    admin: 'admin',
    editor: 'editor',
    viewer: 'viewer',
  });
  const tokens = {
    admin: await sessionTokenFor(server.app, 'acme', 'admin'),
    editor: await sessionTokenFor(server.app, 'acme', 'editor'),
    viewer: await sessionTokenFor(server.app, 'acme', 'viewer'),
  };
  const base = { base: server.baseUrl };
  const as = (role: keyof typeof tokens, body: unknown) => ({
    token: tokens[role],
    site: 'acme',
    body,
  });

  const createSource: SqlSourceServer['createSource'] = (type, config, name) =>
    call(
      base,
      'POST',
      '/api/v1/datasources',
      as('admin', { name: name ?? `${type} ${Math.random()}`, type, config }),
    );

  return {
    server,
    base: server.baseUrl,
    accountId,
    tokens,
    createSource,
    addSource: async (type, config) => {
      const answer = await createSource(type, config);
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      return answer.json.id as number;
    },
    runSql: (sourceId, sql) => call(base, 'POST', '/api/v1/sql', as('editor', { sourceId, sql })),
    countAsViewer: async (sourceId, sql) => {
      const dataset = await server.app.db
        .insertInto('datasets')
        .values({
          account_id: accountId,
          source_id: sourceId,
          name: `escape ${Math.random()}`,
          description: '',
          table_name: null,
          sql,
          fields_json: JSON.stringify([
            { name: 'n', label: 'N', type: 'number', role: 'measure', synonyms: [] },
          ]),
          row_count: null,
          created_at: nowIso(),
          updated_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return call(
        base,
        'POST',
        '/api/v1/query',
        as('viewer', {
          query: {
            datasetId: dataset.id,
            dimensions: [],
            measures: [{ field: '*', agg: 'count' }],
            filters: [],
            sort: [],
          },
        }),
      );
    },
    close: server.close,
  };
}

/** A source config (HTTP payload) for a test database and user. */
export function sourceConfig(config: ExternalDatabaseConfig): object {
  return { ...config, password: config.password || undefined };
}

/** The source still answers a normal query, and the server still serves. */
/** A refusal (400 naming `named`), after which the source and the server still serve. */
export async function expectRefusedThenServes(
  app: SqlSourceServer,
  sourceId: number,
  answer: { status: number; json: { message?: string } },
  named: RegExp,
): Promise<void> {
  expect(answer.status, JSON.stringify(answer.json)).toBe(400);
  expect(answer.json.message).toMatch(named);
  await expectStillServes(app, sourceId);
}

export async function expectStillServes(app: SqlSourceServer, sourceId: number): Promise<void> {
  const answer = await app.runSql(sourceId, 'select count(*) as n from known');
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  expect(answer.json.rows).toEqual([[3]]);
  const health = await fetch(`${app.base}/api/v1/datasources`, {
    headers: { authorization: `Bearer ${app.tokens.admin}`, site: 'acme' },
  });
  expect(health.status).toBe(200);
}
