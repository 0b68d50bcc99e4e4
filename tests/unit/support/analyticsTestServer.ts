import type { IncomingHttpHeaders } from 'node:http';
import { startLocalJsonServer } from './localJsonServer';
import type { DataSource, Dataset, QueryResult } from '../../../src/model/analytics';
import type { User } from '../../../src/model/types';

// A real HTTP server answering the analytics calls of DESIGN §5 for the component tests of
// the data source, dataset and explorer screens. It keeps its records in memory, records
// every request (with the raw body), and notes when a client closed a request before the
// answer (the explorer's cancel). CORS is answered because jsdom's XMLHttpRequest enforces it.

export interface SeenRequest {
  method: string;
  path: string;
  search: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Set when the client closed the connection before an answer was sent. */
  closedEarly: boolean;
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
export const ADMIN: User = {
  ...EDITOR,
  id: 2,
  username: 'admin',
  fullName: 'Ada Admin',
  role: 'admin',
};

const USERS: Record<string, User> = { 'token-editor': EDITOR, 'token-admin': ADMIN };

type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang';

export interface AnalyticsTestServer {
  url: string;
  requests: SeenRequest[];
  sources: DataSource[];
  datasets: Dataset[];
  /** Answers POST /api/v1/sql; tests replace it. */
  sql: (body: { sourceId: number; sql: string; limit?: number }) => Reply;
  find(method: string, path: string): SeenRequest | undefined;
  json(request: SeenRequest): Record<string, unknown>;
  close(): Promise<void>;
}

function initialSources(): DataSource[] {
  return [
    { id: 1, name: 'Demo warehouse', type: 'duckdb', config: {} },
    {
      id: 2,
      name: 'Sales DB',
      type: 'postgres',
      config: {
        host: 'db.example.com',
        port: 5432,
        database: 'sales',
        user: 'reader',
        ssl: true,
        hasPassword: true,
      },
    },
  ];
}

function initialDatasets(): Dataset[] {
  return [
    {
      id: 7,
      sourceId: 1,
      name: 'Flights',
      description: 'US flights, first half of 2001',
      table: 'flights',
      rowCount: 3000000,
      fields: [
        { name: 'date', label: 'Date', type: 'date', role: 'time', synonyms: [] },
        { name: 'delay', label: 'Delay', type: 'number', role: 'measure', synonyms: ['late'] },
        { name: 'origin', label: 'Origin', type: 'string', role: 'dimension', synonyms: [] },
      ],
    },
  ];
}

export const SCHEMAS: Record<number, { tables: unknown[] }> = {
  1: {
    tables: [
      {
        name: 'flights',
        rowCount: 3000000,
        columns: [
          { name: 'date', type: 'TIMESTAMP' },
          { name: 'delay', type: 'INTEGER' },
          { name: 'origin', type: 'VARCHAR' },
        ],
      },
      { name: 'Cars', rowCount: 406, columns: [{ name: 'Miles_per_Gallon', type: 'DOUBLE' }] },
    ],
  },
  2: { tables: [{ name: 'orders', rowCount: 12, columns: [{ name: 'id', type: 'integer' }] }] },
};

export function smallResult(): QueryResult {
  return {
    columns: [
      { name: 'origin', type: 'VARCHAR' },
      { name: 'flights', type: 'BIGINT' },
    ],
    rows: [
      ['SEA', 1200],
      ['PDX', null],
    ],
    rowCount: 2,
    truncated: false,
    cached: false,
    durationMs: 12.4,
  };
}

function listReply(resource: string, records: unknown[]): Reply {
  const end = Math.max(records.length - 1, 0);
  return {
    status: 200,
    body: records,
    headers: {
      'Content-Range': `${resource} 0-${end}/${records.length}`,
      'X-Total-Count': String(records.length),
      'Access-Control-Expose-Headers': 'Content-Range, X-Total-Count',
    },
  };
}

function idFilter(search: string): number[] | null {
  const filter = new URLSearchParams(search).get('filter');
  if (!filter) return null;
  const ids = (JSON.parse(filter) as { id?: unknown }).id;
  return Array.isArray(ids) ? ids.map(Number) : null;
}

/** The text fields of a multipart body and the size of its `file` part. */
export function multipartParts(body: Buffer): {
  fields: Record<string, string>;
  fileBytes: number;
  fileName?: string;
} {
  const text = body.toString('latin1');
  const fields: Record<string, string> = {};
  let fileBytes = 0;
  let fileName: string | undefined;
  const boundary = /^--([^\r\n]+)/.exec(text)?.[1];
  if (!boundary) return { fields, fileBytes };
  for (const part of text.split(`--${boundary}`)) {
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) continue;
    const headers = part.slice(0, headerEnd);
    const content = part.slice(headerEnd + 4, part.length - 2);
    const name = /name="([^"]+)"/.exec(headers)?.[1];
    if (!name) continue;
    const file = /filename="([^"]*)"/.exec(headers);
    if (file) {
      fileName = file[1];
      fileBytes = content.length;
    } else fields[name] = content;
  }
  return { fields, fileBytes, fileName };
}

export async function startAnalyticsTestServer(): Promise<AnalyticsTestServer> {
  const requests: SeenRequest[] = [];
  const state = {
    sources: initialSources(),
    datasets: initialDatasets(),
    sql: (() => ({ status: 200, body: smallResult() })) as AnalyticsTestServer['sql'],
  };

  const route = (request: SeenRequest): Reply => {
    const { method, path } = request;
    const body = () => JSON.parse(request.body.toString('utf8') || '{}');
    const user =
      USERS[/^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1] ?? ''];
    if (method === 'GET' && path === '/api/v1/companyProfile') {
      return {
        status: 200,
        body: { id: 2, name: 'Acme Analytics', website: 'acme.example', hasLogo: false },
      };
    }
    if (!user)
      return {
        status: 401,
        body: { statusCode: 401, error: 'Unauthorized', message: 'No session' },
      };
    if (method === 'GET' && path === '/api/v1/verifyLogin') return { status: 200, body: { user } };

    let match: RegExpExecArray | null;
    if (method === 'GET' && path === '/api/v1/datasources') {
      const ids = idFilter(request.search);
      return listReply(
        'datasources',
        ids ? state.sources.filter((s) => ids.includes(s.id)) : state.sources,
      );
    }
    if ((match = /^\/api\/v1\/datasources\/(\d+)$/.exec(path))) {
      const id = Number(match[1]);
      const source = state.sources.find((s) => s.id === id);
      if (!source) return { status: 404, body: { message: 'Not found' } };
      if (method === 'GET') return { status: 200, body: source };
      if (method === 'PUT') {
        const data = body();
        const { password, ...config } = data.config ?? {};
        Object.assign(source, {
          name: data.name,
          config: { ...config, hasPassword: source.config.hasPassword || !!password },
        });
        return { status: 200, body: source };
      }
    }
    if (method === 'POST' && path === '/api/v1/datasources') {
      const data = body();
      const { password, ...config } = data.config ?? {};
      const source = {
        id: 3,
        name: data.name,
        type: data.type,
        config: { ...config, hasPassword: !!password },
      };
      state.sources.push(source);
      return { status: 200, body: source };
    }
    if ((match = /^\/api\/v1\/datasources\/(\d+)\/schema$/.exec(path))) {
      return { status: 200, body: SCHEMAS[Number(match[1])] ?? { tables: [] } };
    }
    if ((match = /^\/api\/v1\/datasources\/(\d+)\/test$/.exec(path)) && method === 'POST') {
      return Number(match[1]) === 2
        ? {
            status: 200,
            body: { ok: false, message: 'password authentication failed for user "reader"' },
          }
        : { status: 200, body: { ok: true, message: 'Connected to the warehouse' } };
    }
    if (/^\/api\/v1\/datasources\/\d+\/uploads$/.test(path) && method === 'POST') {
      const { fields } = multipartParts(request.body);
      return {
        status: 200,
        body: {
          table: fields.table || 'upload',
          rowCount: 3,
          columns: [
            { name: 'city', type: 'VARCHAR' },
            { name: 'sales', type: 'BIGINT' },
            { name: 'day', type: 'VARCHAR' },
            { name: 'opened', type: 'DATE' },
          ],
          datesFromText: [{ name: 'opened', format: '%b %d %Y' }],
        },
      };
    }
    if (
      (match = /^\/api\/v1\/datasources\/\d+\/tables\/([^/]+)\/types$/.exec(path)) &&
      method === 'PUT'
    ) {
      return { status: 200, body: { table: decodeURIComponent(match[1]), ...body(), rowCount: 3 } };
    }
    if (/^\/api\/v1\/datasources\/\d+\/tables\/[^/]+$/.test(path) && method === 'DELETE') {
      return { status: 200, body: { success: true } };
    }
    if (method === 'GET' && path === '/api/v1/datasets') {
      const ids = idFilter(request.search);
      return listReply(
        'datasets',
        ids ? state.datasets.filter((d) => ids.includes(d.id)) : state.datasets,
      );
    }
    if (method === 'POST' && path === '/api/v1/datasets') {
      const data = body();
      const dataset = { id: 8, fields: [], rowCount: 2, ...data };
      state.datasets.push(dataset);
      return { status: 200, body: dataset };
    }
    if ((match = /^\/api\/v1\/datasets\/(\d+)$/.exec(path))) {
      const dataset = state.datasets.find((d) => d.id === Number(match![1]));
      if (!dataset) return { status: 404, body: { message: 'Not found' } };
      if (method === 'GET') return { status: 200, body: dataset };
      if (method === 'PUT') {
        Object.assign(dataset, body());
        return { status: 200, body: dataset };
      }
    }
    if (/^\/api\/v1\/datasets\/\d+\/preview$/.test(path))
      return { status: 200, body: smallResult() };
    if ((match = /^\/api\/v1\/datasets\/(\d+)\/refresh$/.exec(path)) && method === 'POST') {
      const dataset = state.datasets.find((d) => d.id === Number(match![1]));
      return { status: 200, body: { ...dataset, rowCount: 3000123 } };
    }
    if (method === 'POST' && path === '/api/v1/sql') return state.sql(body());
    return { status: 404, body: { message: `No route ${method} ${path}` } };
  };

  const server = await startLocalJsonServer((call, respond) => {
    const seen: SeenRequest = {
      method: call.method,
      path: call.path,
      search: call.search,
      headers: call.headers,
      body: call.body,
      closedEarly: false,
    };
    requests.push(seen);
    call.res.on('close', () => {
      if (!call.res.writableEnded) seen.closedEarly = true;
    });
    const reply = route(seen);
    if (reply !== 'hang') respond(reply);
  });
  return {
    url: server.url,
    requests,
    get sources() {
      return state.sources;
    },
    get datasets() {
      return state.datasets;
    },
    get sql() {
      return state.sql;
    },
    set sql(handler) {
      state.sql = handler;
    },
    find: (method, path) =>
      [...requests].reverse().find((r) => r.method === method && r.path === path),
    json: (request) => JSON.parse(request.body.toString('utf8')),
    close: server.close,
  };
}
