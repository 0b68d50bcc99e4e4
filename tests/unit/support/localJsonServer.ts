import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A real HTTP server on 127.0.0.1 for component tests: it answers CORS preflights, collects
// each request's body and hands the call to the test's own routing, which answers in JSON
// (at once, later, or never).

export interface IncomingCall {
  method: string;
  path: string;
  search: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** the raw response, for tests that watch the connection close */
  res: ServerResponse;
}

export interface JsonReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Respond = (reply: JsonReply) => void;

export interface LocalJsonServer {
  url: string;
  close(): Promise<void>;
}

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, site, content-type, accept',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
};

export async function startLocalJsonServer(
  handle: (call: IncomingCall, respond: Respond) => void,
): Promise<LocalJsonServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS);
        res.end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://test');
      const call: IncomingCall = {
        method: req.method ?? 'GET',
        path: url.pathname,
        search: url.search,
        headers: req.headers,
        body: Buffer.concat(chunks),
        res,
      };
      handle(call, (reply) => {
        res.writeHead(reply.status, {
          'Content-Type': 'application/json',
          ...CORS,
          ...reply.headers,
        });
        res.end(JSON.stringify(reply.body ?? null));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
