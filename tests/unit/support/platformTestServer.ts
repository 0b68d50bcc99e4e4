import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setApiPrefix } from '../../../src/ui/api/httpClient';

// A real HTTP server answering the platform's public calls for page tests, with canned
// answers per "METHOD /path"; it records every request so tests can assert what was sent.

export interface Recorded {
  method: string;
  path: string;
  body: string;
}

export type Answers = Record<
  string,
  { status: number; body: unknown; headers?: Record<string, string> }
>;

export async function startPlatformTestServer(answers: Answers) {
  const requests: Recorded[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const path = (request.url ?? '').split('?')[0];
      requests.push({ method: request.method ?? '', path, body });
      const answer = answers[`${request.method} ${path}`] ?? {
        status: 404,
        body: { statusCode: 404, error: 'Not Found', message: 'Not found.' },
      };
      response.writeHead(answer.status, {
        'Content-Type': 'application/json',
        'Access-Control-Expose-Headers': 'Location',
        ...answer.headers,
      });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  setApiPrefix(`http://127.0.0.1:${port}`);
  return {
    requests,
    close: () => {
      setApiPrefix('');
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
