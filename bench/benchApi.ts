// HTTP helpers of the benchmark runner: sign in to the bench server and call its API.

import { Agent, request } from 'node:http';

export const BENCH_PASSWORD = 'bench-demo-password-1';

export interface BenchSession {
  headers: Record<string, string>;
}

export async function signIn(
  baseUrl: string,
  site: string,
  username: string,
): Promise<BenchSession> {
  const response = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', site },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  if (response.status !== 200) {
    throw new Error(`Sign-in of ${site}/${username}: ${response.status} ${await response.text()}`);
  }
  const { token } = (await response.json()) as { token: string };
  return { headers: { authorization: `Bearer ${token}`, site } };
}

// Timed calls go through node:http with a keep-alive agent rather than fetch: fetch's own
// work in this process (about 2 ms a call on the 2-vCPU VM, against about 0.5 ms for
// node:http) would be counted against the server it is timing.
const keepAlive = new Agent({ keepAlive: true });

function jsonHeaders(session: BenchSession, payload: string | undefined) {
  if (payload === undefined) return session.headers;
  return {
    ...session.headers,
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(payload)),
  };
}

/** A JSON call that must answer 2xx; anything else stops the benchmark with the answer. */
export function callApi<T>(
  baseUrl: string,
  session: BenchSession,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<T>((resolve, reject) => {
    const call = request(
      `${baseUrl}${path}`,
      { method, agent: keepAlive, headers: jsonHeaders(session, payload) },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = response.statusCode ?? 0;
          if (status < 200 || status > 299) {
            reject(new Error(`${method} ${path}: ${status} ${text}`));
          } else {
            resolve(JSON.parse(text) as T);
          }
        });
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}
