import type { Dataset } from '../../../common/analytics';
import { setApiPrefix } from '../../../src/ui/api/httpClient';
import { nowIso } from '../../../server/db/schema';
import { closeAllWarehouses } from '../../../server/engines/duckdb/warehouseRegistry';
import { build, type ReceivedRequest, type TestServer } from '../../api/harness';
import { resolveLocalhostNames } from './localhostNames';

// The real server for the data source, dataset and explorer screens, called at acme.localhost:
// acme's DuckDB warehouse as the source "Demo warehouse" with a `flights` table (3,000,123
// rows, stored as counted at 3,000,000) and a `Cars` table, the dataset "Flights" over it,
// and a PostgreSQL source "Sales DB" (not reachable from here).

export const FLIGHTS_FIELDS: Dataset['fields'] = [
  { name: 'date', label: 'Date', type: 'date', role: 'time', synonyms: [] },
  { name: 'delay', label: 'Delay', type: 'number', role: 'measure', synonyms: ['late'] },
  { name: 'origin', label: 'Origin', type: 'string', role: 'dimension', synonyms: [] },
];

export interface AnalyticsServer extends TestServer {
  accountId: number;
  warehouseId: number;
  salesId: number;
  flightsId: number;
  find(method: string, path: string): ReceivedRequest | undefined;
  json(request: ReceivedRequest): Record<string, unknown>;
  /** Whether the client closed `request`'s connection before the answer was sent. */
  closedEarly(request: ReceivedRequest): boolean;
}

export interface AnalyticsServerOptions {
  /**
   * 'ip': the web app calls the server at 127.0.0.1 (the session says the site). jsdom's
   * XMLHttpRequest, which uploads use, resolves host names itself and knows no *.localhost.
   */
  host?: 'ip' | 'acme.localhost';
  /**
   * The page's origin, let through CORS. A browser loads the app from the server's own origin;
   * jsdom's XMLHttpRequest keeps the test page's origin (localhost:3000), so its uploads are
   * cross-origin here and need the preflight answered.
   */
  corsFor?: string;
  /** More server environment (e.g. DATASOURCE_ALLOWED_HOSTS). */
  env?: Record<string, string>;
}

export async function startAnalyticsServer(
  options: AnalyticsServerOptions = {},
): Promise<AnalyticsServer> {
  const closedEarly = new WeakSet<object>();
  const server = await build({
    env: options.env,
    beforeListen: (app) =>
      app.addHook('onRequest', async (request, reply) => {
        reply.raw.on('close', () => {
          if (!reply.raw.writableEnded) closedEarly.add(request.headers);
        });
        if (!options.corsFor || request.headers.origin !== options.corsFor) return;
        reply.header('Access-Control-Allow-Origin', options.corsFor);
        if (request.method !== 'OPTIONS') return;
        reply
          .header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE')
          .header(
            'Access-Control-Allow-Headers',
            String(request.headers['access-control-request-headers'] ?? ''),
          )
          .code(204)
          .send();
        return reply;
      }),
  });
  const { db } = server.app;
  const acme = await db
    .selectFrom('accounts')
    .select('id')
    .where('site', '=', 'acme')
    .executeTakeFirstOrThrow();
  await server.app.sourceConnectors.withWarehouse(acme.id, (warehouse) =>
    warehouse.withConnection(async (connection) => {
      await connection.run(`create or replace table flights as
      select timestamp '2001-01-01' + to_minutes(i) as date, (i % 90)::integer as delay,
        ['SEA', 'PDX', 'SFO'][i % 3 + 1] as origin
      from range(3000123) t(i)`);
      await connection.run('create or replace table "Cars" ("Miles_per_Gallon" double)');
    }),
  );
  const now = nowIso();
  const source = (name: string, type: string, config: object) =>
    db
      .insertInto('data_sources')
      .values({
        account_id: acme.id,
        name,
        type,
        config_json: JSON.stringify(config),
        password_enc: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const demo = await source('Demo warehouse', 'duckdb', {});
  const sales = await source('Sales DB', 'postgres', {
    host: 'db.example.com',
    port: 5432,
    database: 'sales',
    user: 'reader',
    ssl: true,
  });
  const flights = await db
    .insertInto('datasets')
    .values({
      account_id: acme.id,
      source_id: demo.id,
      name: 'Flights',
      description: 'US flights, first half of 2001',
      table_name: 'flights',
      sql: null,
      fields_json: JSON.stringify(FLIGHTS_FIELDS),
      row_count: 3000000,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await resolveLocalhostNames(server.base);
  setApiPrefix(options.host === 'ip' ? server.base : `http://acme.localhost:${server.port}`);
  return {
    ...server,
    accountId: acme.id,
    warehouseId: demo.id,
    salesId: sales.id,
    flightsId: flights.id,
    find: (method, path) =>
      server.requests.filter((r) => r.method === method && r.path === path).at(-1),
    json: (request) => JSON.parse(request.body),
    // The request log keeps each request's own headers object.
    closedEarly: (request) => closedEarly.has(request.headers),
    close: async () => {
      setApiPrefix('');
      await server.close();
      await closeAllWarehouses();
    },
  };
}
