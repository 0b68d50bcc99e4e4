import type { IncomingHttpHeaders } from 'node:http';
import { startLocalJsonServer } from './localJsonServer';
import type { QueryResult } from '../../../src/model/analytics';
import type { Dashboard, SavedChart } from '../../../src/model/charts';
import type { ShareLink } from '../../../src/model/api/shares';
import type { User } from '../../../src/model/types';

// A real HTTP server answering the dashboards, saved charts, query and share calls for the
// component tests. It records every request with its body. Query answers can be held back
// until a number of queries have arrived: the tiles' queries are then provably in parallel.

export interface SeenRequest {
  method: string;
  path: string;
  search: string;
  headers: IncomingHttpHeaders;
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
export const VIEWER: User = {
  ...EDITOR,
  id: 4,
  username: 'viewer',
  fullName: 'Vic Viewer',
  role: 'viewer',
};

const USERS: Record<string, User> = { 'token-editor': EDITOR, 'token-viewer': VIEWER };
export const SHARE_TOKEN = 'share-token-good';
/** Opens the dashboard, then is revoked before the charts' queries arrive. */
export const REVOKED_WHILE_OPEN = 'share-token-revoked-while-open';
/** Share tokens the server refuses, with the reason it gives. */
export const REFUSED_TOKENS: Record<string, string> = {
  'share-token-revoked': 'revoked',
  'share-token-expired': 'expired',
  'share-token-other': 'invalid',
};

function chart(id: number, name: string, datasetId: number, x: string): SavedChart {
  return {
    id,
    datasetId,
    name,
    spec: {
      type: 'bar',
      title: name,
      query: {
        datasetId,
        dimensions: [{ field: x }],
        measures: [{ field: '*', agg: 'count' }],
        filters: [{ field: 'distance', op: '>', value: 100 }],
        sort: [],
        limit: 50,
      },
      encoding: { x, y: ['count'] },
      options: {},
    },
  };
}

export const CHARTS: SavedChart[] = [
  chart(11, 'Flights by origin', 7, 'origin'),
  chart(12, 'Flights by destination', 7, 'destination'),
  chart(13, 'Cars by origin', 9, 'Origin'),
];

export function flightsDashboard(): Dashboard {
  return {
    id: 5,
    name: 'Flights',
    description: 'Demo',
    refreshSeconds: 0,
    tiles: [
      { id: 'a', kind: 'chart', chartId: 11, layout: { x: 0, y: 0, w: 6, h: 4 } },
      { id: 'b', kind: 'chart', chartId: 12, layout: { x: 6, y: 0, w: 6, h: 4 } },
      { id: 'c', kind: 'chart', chartId: 13, layout: { x: 0, y: 4, w: 6, h: 4 } },
      {
        id: 'n',
        kind: 'text',
        markdown: '## Notes\n\n<img src=x onerror="window.hacked=1">',
        layout: { x: 6, y: 4, w: 6, h: 2 },
      },
    ],
    filters: [
      {
        id: 'when',
        label: 'Date',
        type: 'dateRange',
        bindings: [
          { chartId: 11, field: 'date' },
          { chartId: 12, field: 'date' },
        ],
        defaultValue: ['2001-01-01', '2001-03-31'],
      },
      { id: 'from', label: 'Origin', type: 'values', bindings: [{ chartId: 12, field: 'origin' }] },
    ],
  };
}

export function countResult(): QueryResult {
  return {
    columns: [
      { name: 'origin', type: 'VARCHAR' },
      { name: 'count', type: 'BIGINT' },
    ],
    rows: [
      ['SEA', 1200],
      ['PDX', 800],
    ],
    rowCount: 2,
    truncated: false,
    cached: false,
    durationMs: 3,
  };
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

export interface DashboardTestServer {
  url: string;
  requests: SeenRequest[];
  dashboards: Dashboard[];
  links: ShareLink[];
  /** hold POST /query answers until this many have arrived (0: answer at once) */
  holdQueriesUntil: number;
  of(method: string, path: string): SeenRequest[];
  close(): Promise<void>;
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

const notFound = (reason?: string): Reply => ({
  status: 404,
  body: { statusCode: 404, error: 'Not Found', message: 'This shared link is not valid.', reason },
});

export async function startDashboardTestServer(): Promise<DashboardTestServer> {
  const requests: SeenRequest[] = [];
  const state = { dashboards: [flightsDashboard()], links: [] as ShareLink[], hold: 0 };
  let held: Array<() => void> = [];

  const shareRoute = (request: SeenRequest, bearer: string): Reply | null => {
    const match = /^\/api\/v1\/share\/dashboards\/(\d+)(?:(\/query)|(\/filterValues))?$/.exec(
      request.path,
    );
    if (!match) return null;
    if (REFUSED_TOKENS[bearer]) return notFound(REFUSED_TOKENS[bearer]);
    if (bearer === REVOKED_WHILE_OPEN && match[2]) return notFound('revoked');
    if (![SHARE_TOKEN, REVOKED_WHILE_OPEN].includes(bearer) || match[1] !== '5')
      return notFound('invalid');
    const dashboard = state.dashboards[0];
    if (match[2]) return { status: 200, body: countResult() };
    if (match[3]) return { status: 200, body: { values: ['SEA', 'PDX'] } };
    return {
      status: 200,
      body: {
        dashboard: {
          ...dashboard,
          filters: dashboard.filters.map((f) => ({ ...f, frozen: f.id === 'when' })),
        },
        charts: CHARTS.slice(0, 2),
        frozenFilters: [{ filterId: 'when', value: ['2001-02-01', '2001-02-28'] }],
      },
    };
  };

  const route = (request: SeenRequest): Reply => {
    const { method, path } = request;
    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1] ?? '';
    if (method === 'GET' && path === '/api/v1/companyProfile')
      return { status: 200, body: { id: 2, name: 'Acme Analytics', website: 'acme.example' } };
    const shared = shareRoute(request, bearer);
    if (shared) return shared;
    const user = USERS[bearer];
    if (!user) return { status: 401, body: { message: 'No session' } };
    if (method === 'GET' && path === '/api/v1/verifyLogin') return { status: 200, body: { user } };
    const body = () => JSON.parse(request.body || '{}');
    let match: RegExpExecArray | null;
    if (method === 'GET' && path === '/api/v1/dashboards')
      return listReply('dashboards', state.dashboards);
    if ((match = /^\/api\/v1\/dashboards\/(\d+)$/.exec(path))) {
      const dashboard = state.dashboards.find((d) => d.id === Number(match![1]));
      if (!dashboard) return { status: 404, body: { message: 'Not found' } };
      if (method === 'GET') return { status: 200, body: dashboard };
      if (method === 'PUT') return { status: 200, body: Object.assign(dashboard, body()) };
      if (method === 'DELETE') {
        state.dashboards.splice(state.dashboards.indexOf(dashboard), 1);
        return { status: 200, body: dashboard };
      }
    }
    if ((match = /^\/api\/v1\/dashboards\/(\d+)\/duplicate$/.exec(path)) && method === 'POST') {
      const source = state.dashboards.find((d) => d.id === Number(match![1]))!;
      const copy = { ...source, id: 6, name: `${source.name} (copy)` };
      state.dashboards.push(copy);
      return { status: 200, body: copy };
    }
    if (
      (match = /^\/api\/v1\/dashboards\/\d+\/shareLinks\/(\d+)$/.exec(path)) &&
      method === 'DELETE'
    ) {
      const link = state.links.find((l) => l.id === Number(match![1]))!;
      link.revokedAt = '2026-11-21T10:00:00.000Z';
      return { status: 200, body: link };
    }
    if ((match = /^\/api\/v1\/dashboards\/(\d+)\/shareLinks$/.exec(path))) {
      if (method === 'GET') return { status: 200, body: state.links };
      const link: ShareLink = {
        id: state.links.length + 1,
        dashboardId: Number(match[1]),
        label: body().label,
        frozenFilters: body().frozenFilters ?? [],
        expiresAt: body().expiresAt ?? null,
        revokedAt: null,
        createdAt: '2026-11-20T10:00:00.000Z',
      };
      state.links.push(link);
      const token = 'tok-0123456789abcdefghijklmnopqrstuvwxyzABCDE';
      return {
        status: 200,
        body: { ...link, token, url: `/share/dashboards/${match[1]}/${token}` },
      };
    }
    if (method === 'GET' && path === '/api/v1/aicharts') {
      const filter = JSON.parse(new URLSearchParams(request.search).get('filter') ?? '{}');
      const ids: number[] | undefined = filter.id;
      return listReply('aicharts', ids ? CHARTS.filter((c) => ids.includes(c.id)) : CHARTS);
    }
    if (method === 'POST' && path === '/api/v1/query') return { status: 200, body: countResult() };
    if (method === 'POST' && path === '/api/v1/query/values')
      return { status: 200, body: { values: ['SEA', 'PDX'] } };
    return { status: 404, body: { message: `No route ${method} ${path}` } };
  };

  const server = await startLocalJsonServer((call, respond) => {
    const seen: SeenRequest = {
      method: call.method,
      path: call.path,
      search: call.search,
      headers: call.headers,
      body: call.body.toString('utf8'),
    };
    requests.push(seen);
    const reply = route(seen);
    const send = () => respond(reply);
    const isQuery = seen.method === 'POST' && seen.path.endsWith('/query');
    if (!isQuery || state.hold === 0) return send();
    held.push(send);
    if (held.length >= state.hold) {
      const release = held;
      held = [];
      release.forEach((answer) => answer());
    }
  });
  return {
    url: server.url,
    requests,
    get dashboards() {
      return state.dashboards;
    },
    get links() {
      return state.links;
    },
    get holdQueriesUntil() {
      return state.hold;
    },
    set holdQueriesUntil(count: number) {
      state.hold = count;
    },
    of: (method, path) => requests.filter((r) => r.method === method && r.path === path),
    close: server.close,
  };
}
