import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { User } from '../../../src/model/types';

// A real HTTP server standing in for the API in component tests: it answers the calls the
// web app makes with the shapes of DESIGN §5, and records every request so tests can assert
// what the app sent. Node's fetch (used by jsdom here) talks to it over a real socket.

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export const TEST_PASSWORD = 'correct horse battery';

export const TEST_USERS: Record<string, User> = {
  admin: {
    id: 2,
    username: 'admin',
    fullName: 'Ada Admin',
    email: 'ada@acme.example',
    role: 'admin',
    active: true,
    accountId: 2,
    site: 'acme',
  },
  viewer: {
    id: 4,
    username: 'viewer',
    fullName: 'Vic Viewer',
    email: 'vic@acme.example',
    role: 'viewer',
    active: true,
    accountId: 2,
    site: 'acme',
  },
  root: {
    id: 1,
    username: 'root',
    fullName: 'Pat Platform',
    email: 'pat@brandboard.example',
    role: 'platform-admin',
    active: true,
    accountId: 1,
    site: 'www',
  },
};

/** A user the server knows but who may not sign in (verifyLogin answers active: false). */
export const INACTIVE_USER: User = {
  ...TEST_USERS.viewer,
  id: 5,
  username: 'inactive',
  fullName: 'Ina Inactive',
  active: false,
};

const TOKENS: Record<string, User> = Object.fromEntries(
  [...Object.values(TEST_USERS), INACTIVE_USER].map((user) => [`token-${user.username}`, user]),
);

type Handler = (
  request: RecordedRequest,
  url: URL,
) => { status: number; body?: unknown; headers?: Record<string, string> } | null;

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return { status, body, headers };
}

function userOf(request: RecordedRequest): User | null {
  const match = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''));
  return match ? (TOKENS[match[1]] ?? null) : null;
}

const INITIAL_PROFILE = {
  id: 2,
  accountId: 2,
  name: 'Acme Analytics',
  website: 'acme.example',
  primaryColor: '#0b5394',
  secondaryColor: '#e69138',
  hasLogo: false,
};
let profile = { ...INITIAL_PROFILE };

const HELP = [
  {
    id: 1,
    title: 'Sharing a dashboard',
    body: 'Choose **Share**.',
    group: 'Dashboards',
    sections: ['dashboards'],
  },
  {
    id: 2,
    title: 'API tokens',
    body: 'Create a token.',
    group: 'Administration',
    sections: ['tokens'],
  },
];

/** The account's checklist: a source and a dataset so far; who hid it, by user id. */
const CHECKLIST_DONE = new Set(['connect', 'dataset']);
const CHECKLIST_STEPS = ['connect', 'dataset', 'ask', 'dashboard', 'share', 'invite', 'brand'];
let checklistHiddenBy = new Set<number>();
const checklistOf = (user: User) => ({
  items: CHECKLIST_STEPS.map((step) => ({ step, done: CHECKLIST_DONE.has(step) })),
  dismissed: checklistHiddenBy.has(user.id),
});

/** The text fields of a multipart body (enough for the profile form's fields). */
function multipartFields(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of body.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g)) {
    fields[match[1]] = match[2];
  }
  return fields;
}

const routes: Handler = (request, url) => {
  const key = `${request.method} ${url.pathname}`;
  switch (key) {
    case 'GET /api/v1/companyProfile':
      return json(200, profile);
    case 'GET /api/v1/companyProfiles/2':
      return userOf(request) ? json(200, profile) : json(401, { message: 'No session' });
    case 'PUT /api/v1/companyProfiles/2': {
      if (userOf(request)?.role !== 'admin') return json(403, { message: 'Admins only' });
      const { name, website, primaryColor, secondaryColor } = multipartFields(request.body);
      profile = { ...profile, name, website, primaryColor, secondaryColor };
      return json(200, profile);
    }
    case 'POST /api/v1/login': {
      const { username, password } = JSON.parse(request.body || '{}');
      const user = TEST_USERS[username];
      if (!user || password !== TEST_PASSWORD) {
        return json(401, {
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Invalid username or password',
        });
      }
      return json(200, { token: `token-${user.username}`, user });
    }
    case 'GET /api/v1/verifyLogin': {
      const user = userOf(request);
      if (!user)
        return json(401, { statusCode: 401, error: 'Unauthorized', message: 'No session' });
      return json(200, { user });
    }
    case 'GET /api/v1/logout':
      return json(200, { success: true });
    case 'GET /api/v1/public/pricingPlans':
      return json(200, [
        {
          id: 1,
          name: 'Free',
          priceMonthly: 0,
          currency: 'EUR',
          features: ['1 editor'],
          highlighted: false,
        },
        {
          id: 2,
          name: 'Team',
          priceMonthly: 4900,
          currency: 'EUR',
          features: ['10 editors'],
          highlighted: true,
        },
      ]);
    case 'GET /api/v1/public/info':
      return json(200, [{ slug: 'about', title: 'About us' }]);
    case 'GET /api/v1/users': {
      const user = userOf(request);
      if (!user)
        return json(401, { statusCode: 401, error: 'Unauthorized', message: 'No session' });
      const users = Object.values(TEST_USERS).filter((u) => u.accountId === user.accountId);
      return json(200, users, {
        'Content-Range': `users 0-${users.length - 1}/${users.length}`,
        'X-Total-Count': String(users.length),
        'Access-Control-Expose-Headers': 'Content-Range, X-Total-Count',
      });
    }
    case 'POST /api/v1/passwordReset': {
      const { username } = JSON.parse(request.body || '{}');
      if (username === 'spammer') return json(429, { message: 'Too many attempts' });
      return json(200, { ok: true });
    }
    case 'GET /api/v1/help': {
      if (!userOf(request)) return json(401, { message: 'No session' });
      const query = url.searchParams;
      const section = query.get('section');
      const search = (query.get('q') ?? '').toLowerCase();
      const articles = HELP.filter(
        (article) =>
          (!section || article.sections.includes(section)) &&
          (!search || `${article.title} ${article.body}`.toLowerCase().includes(search)),
      );
      return json(200, { articles });
    }
    case 'GET /api/v1/gettingStarted': {
      const user = userOf(request);
      return user ? json(200, checklistOf(user)) : json(401, { message: 'No session' });
    }
    case 'PUT /api/v1/gettingStarted': {
      const user = userOf(request);
      if (!user) return json(401, { message: 'No session' });
      const { dismissed } = JSON.parse(request.body || '{}');
      if (dismissed) checklistHiddenBy.add(user.id);
      else checklistHiddenBy.delete(user.id);
      return json(200, checklistOf(user));
    }
    case 'GET /api/v1/dashboards':
      // No dashboards yet: the landing after sign-in goes on to getting-started.
      if (!userOf(request))
        return json(401, { statusCode: 401, error: 'Unauthorized', message: 'No session' });
      return json(200, [], {
        'Content-Range': 'dashboards 0-0/0',
        'X-Total-Count': '0',
        'Access-Control-Expose-Headers': 'Content-Range, X-Total-Count',
      });
    case 'GET /api/v1/accounts': {
      if (userOf(request)?.role !== 'platform-admin') {
        return json(403, { statusCode: 403, error: 'Forbidden', message: 'Platform admins only' });
      }
      const accounts = [
        { id: 2, site: 'acme', name: 'Acme Analytics', plan: 'Team', active: true },
      ];
      return json(200, accounts, {
        'Content-Range': 'accounts 0-0/1',
        'X-Total-Count': '1',
        'Access-Control-Expose-Headers': 'Content-Range, X-Total-Count',
      });
    }
    default:
      return null;
  }
};

export interface TestApiServer {
  url: string;
  requests: RecordedRequest[];
  close: () => Promise<void>;
}

export async function startTestApiServer(): Promise<TestApiServer> {
  const requests: RecordedRequest[] = [];
  profile = { ...INITIAL_PROFILE };
  checklistHiddenBy = new Set();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://test');
      const recorded = {
        method: req.method ?? 'GET',
        path: url.pathname,
        headers: req.headers,
        body,
      };
      requests.push(recorded);
      const answer = routes(recorded, url) ?? {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: `No route ${url.pathname}` },
      };
      res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body ?? null));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
