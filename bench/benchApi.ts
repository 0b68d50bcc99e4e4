// HTTP helpers of the benchmark runner: sign in to the bench server and call its API.

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

/** A JSON call that must answer 2xx; anything else stops the benchmark with the answer. */
export async function callApi<T>(
  baseUrl: string,
  session: BenchSession,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...session.headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}
