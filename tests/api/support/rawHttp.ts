import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

// HTTP calls with what fetch will not do: a Host header of the caller's choosing, and a client
// address of its choosing (any 127.x.y.z is this machine on Linux, so binding the socket to
// 127.0.0.2 makes the server see a second client).

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers of any shape
}

export interface RawOptions {
  headers?: Record<string, string>;
  body?: unknown;
  /** The client address the request leaves from (e.g. 127.0.0.2). */
  from?: string;
}

export function rawCall(
  baseUrl: string,
  method: string,
  path: string,
  options: RawOptions = {},
): Promise<RawAnswer> {
  const url = new URL(path, baseUrl);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { ...options.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: url.pathname + url.search,
        headers,
        localAddress: options.from,
        agent: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = text;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, json });
        });
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
