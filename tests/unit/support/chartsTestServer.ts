import { startLocalJsonServer } from './localJsonServer';
import type { Dataset, QueryResult, SemanticQuery } from '../../../src/model/analytics';
import type { Dashboard, SavedChart } from '../../../src/model/charts';
import type { User } from '../../../src/model/types';

// A real HTTP server answering the calls of the chart builder (datasets, aicharts, dashboards,
// POST /query) for its component tests. Records live in memory; every request is recorded.
// CORS is answered because jsdom's XMLHttpRequest/fetch enforce it.

export interface SeenRequest {
  method: string;
  path: string;
  search: string;
  body: string;
}

export const EDITOR: User = {
  id: 3,
  username: 'editor',
  fullName: 'Eddie Editor',
  email: 'eddie@acme.example',
  role: 'editor',
  active: true,
  accountId: 2,
  site: 'acme',
};
export const VIEWER: User = { ...EDITOR, id: 4, username: 'viewer', role: 'viewer' };

const USERS: Record<string, User> = { 'token-editor': EDITOR, 'token-viewer': VIEWER };

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

export const FLIGHTS: Dataset = {
  id: 7,
  sourceId: 1,
  name: 'Flights',
  table: 'flights',
  fields: [
    { name: 'date', label: 'Date', type: 'date', role: 'time', synonyms: [] },
    { name: 'delay', label: 'Delay', type: 'number', role: 'measure', synonyms: [] },
    { name: 'distance', label: 'Distance', type: 'number', role: 'measure', synonyms: [] },
    { name: 'origin', label: 'Origin', type: 'string', role: 'dimension', synonyms: [] },
  ],
};

export function savedChart(): SavedChart {
  return {
    id: 11,
    datasetId: 7,
    name: 'Delay by origin',
    spec: {
      type: 'bar',
      title: 'Delay by origin',
      query: {
        datasetId: 7,
        dimensions: [{ field: 'origin' }],
        measures: [{ field: 'delay', agg: 'avg' }],
        filters: [],
        sort: [{ key: 'avg_delay', dir: 'desc' }],
        limit: 10,
      },
      encoding: { x: 'origin', y: ['avg_delay'] },
      options: { legend: 'bottom' },
    },
    updatedAt: '2026-11-20T10:00:00.000Z',
  };
}

export function dashboards(): Dashboard[] {
  return [
    {
      id: 5,
      name: 'Operations',
      tiles: [
        { id: 'a', kind: 'chart', chartId: 11, layout: { x: 0, y: 0, w: 6, h: 8 } },
        { id: 'b', kind: 'text', markdown: '# Notes', layout: { x: 6, y: 4, w: 6, h: 6 } },
      ],
      filters: [],
      refreshSeconds: 0,
    },
  ];
}

export interface ChartsTestServer {
  url: string;
  requests: SeenRequest[];
  charts: SavedChart[];
  dashboards: Dashboard[];
  /** Answers POST /api/v1/query; tests replace it. */
  query: (query: SemanticQuery) => Reply;
  find(method: string, path: string): SeenRequest | undefined;
  all(method: string, path: string): SeenRequest[];
  close(): Promise<void>;
}

export function resultFor(query: SemanticQuery): QueryResult {
  return {
    columns: [
      { name: 'origin', type: 'VARCHAR' },
      { name: 'avg_delay', type: 'DOUBLE' },
    ],
    rows: [
      ['SEA', 12.5],
      ['PDX', 8],
    ],
    rowCount: 2,
    truncated: false,
    cached: false,
    durationMs: 3,
    sql: `SELECT "origin" FROM "flights" -- dataset ${query.datasetId}`,
  };
}

function listReply(resource: string, records: unknown[]): Reply {
  return {
    status: 200,
    body: records,
    headers: {
      'Content-Range': `${resource} 0-${Math.max(records.length - 1, 0)}/${records.length}`,
      'Access-Control-Expose-Headers': 'Content-Range, X-Total-Count',
    },
  };
}

const notFound: Reply = { status: 404, body: { message: 'Not found' } };

export async function startChartsTestServer(): Promise<ChartsTestServer> {
  const requests: SeenRequest[] = [];
  const state = {
    charts: [savedChart()],
    dashboards: dashboards(),
    query: ((query) => ({ status: 200, body: resultFor(query) })) as ChartsTestServer['query'],
  };

  const route = (request: SeenRequest, user: User | undefined): Reply => {
    const { method, path } = request;
    const body = () => JSON.parse(request.body || '{}');
    if (method === 'GET' && path === '/api/v1/companyProfile') {
      return {
        status: 200,
        body: {
          id: 2,
          name: 'Acme',
          website: 'acme.example',
          hasLogo: false,
          primaryColor: '#aa3300',
          secondaryColor: '#0033aa',
        },
      };
    }
    if (!user) return { status: 401, body: { message: 'No session' } };
    if (method === 'GET' && path === '/api/v1/verifyLogin') return { status: 200, body: { user } };
    if (method === 'GET' && path === '/api/v1/datasets') return listReply('datasets', [FLIGHTS]);
    if (method === 'GET' && path === '/api/v1/datasets/7') return { status: 200, body: FLIGHTS };
    if (method === 'POST' && path === '/api/v1/query') return state.query(body().query);
    if (method === 'GET' && path === '/api/v1/aicharts') return listReply('aicharts', state.charts);
    if (method === 'POST' && path === '/api/v1/aicharts') {
      const chart = { ...body(), id: 12 };
      state.charts.push(chart);
      return { status: 200, body: chart };
    }
    if (method === 'GET' && path === '/api/v1/dashboards')
      return listReply('dashboards', state.dashboards);
    if (method === 'POST' && path === '/api/v1/dashboards') {
      const dashboard = { ...body(), id: 6 };
      state.dashboards.push(dashboard);
      return { status: 200, body: dashboard };
    }
    const match = /^\/api\/v1\/(aicharts|dashboards)\/(\d+)$/.exec(path);
    if (!match) return { status: 404, body: { message: `No route ${method} ${path}` } };
    const list: Array<{ id: number }> = match[1] === 'aicharts' ? state.charts : state.dashboards;
    const index = list.findIndex((record) => record.id === Number(match[2]));
    if (index < 0) return notFound;
    if (method === 'GET') return { status: 200, body: list[index] };
    if (method === 'PUT') {
      list[index] = { ...body(), id: list[index].id };
      return { status: 200, body: list[index] };
    }
    if (method === 'DELETE') return { status: 200, body: list.splice(index, 1)[0] };
    return notFound;
  };

  const server = await startLocalJsonServer((call, respond) => {
    const seen: SeenRequest = {
      method: call.method,
      path: call.path,
      search: call.search,
      body: call.body.toString('utf8'),
    };
    requests.push(seen);
    const token = /^Bearer (.+)$/.exec(String(call.headers.authorization ?? ''))?.[1] ?? '';
    respond(route(seen, USERS[token]));
  });
  const all = (method: string, path: string) =>
    requests.filter((r) => r.method === method && r.path === path);
  return {
    url: server.url,
    requests,
    get charts() {
      return state.charts;
    },
    get dashboards() {
      return state.dashboards;
    },
    get query() {
      return state.query;
    },
    set query(handler) {
      state.query = handler;
    },
    find: (method, path) => all(method, path).at(-1),
    all,
    close: server.close,
  };
}
