import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A scripted HTTP server on a free port, for the HTTP client's own tests only: each route
// answers what the test tells it to (a dropped connection, a load balancer's 502 or 504, an
// answer that never comes, a body of any type, a refusal code the app does not send), and
// every request it received is kept. What the app answers is tested against the real server
// (tests/api/harness.ts).

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Never answers (for abort tests). */
  hang?: boolean;
  /** Closes the connection without an answer, as a server that died mid-request. */
  drop?: boolean;
}

export type Route = (request: ReceivedRequest) => Reply;

export interface LocalServer {
  url: string;
  requests: ReceivedRequest[];
  route(method: string, path: string, reply: Reply | Route): void;
  close(): Promise<void>;
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});

export async function startLocalServer(): Promise<LocalServer> {
  const routes = new Map<string, Route>();
  const requests: ReceivedRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const received = {
        method: req.method ?? 'GET',
        path,
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(received);
      const pathname = path.split('?')[0];
      const route =
        routes.get(`${received.method} ${path}`) ?? routes.get(`${received.method} ${pathname}`);
      const reply = route ? route(received) : { status: 404, body: 'no route' };
      if (reply.hang) {
        hanging.add(res);
        return;
      }
      if (reply.drop) {
        res.socket?.destroy();
        return;
      }
      res.writeHead(reply.status ?? 200, { 'access-control-allow-origin': '*', ...reply.headers });
      res.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    route(method, path, reply) {
      routes.set(`${method} ${path}`, typeof reply === 'function' ? reply : () => reply);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
