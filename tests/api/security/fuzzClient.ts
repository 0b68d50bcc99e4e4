import type { FuzzInput } from './fuzzInputs';

// Sending fuzz requests over keep-alive, a few at a time, and judging their answers.

export interface Caller {
  name: string;
  site: string;
  /** null: anonymous */
  username: string | null;
  token: string | null;
}

export interface FuzzCase {
  method: string;
  /** The route pattern, e.g. /api/v1/users/:id */
  route: string;
  /** The concrete path, parameters filled in */
  path: string;
  caller: Caller;
  input: FuzzInput;
  /** Makes a fresh token just before sending (routes that would end the caller's session). */
  freshToken?: () => Promise<string>;
}

export interface FuzzAnswer {
  status: number;
  text: string;
  contentType: string;
}

export async function send(base: string, fuzz: FuzzCase): Promise<FuzzAnswer> {
  const headers: Record<string, string> = { site: fuzz.caller.site };
  const token = fuzz.freshToken ? await fuzz.freshToken() : fuzz.caller.token;
  if (token) headers.authorization = `Bearer ${token}`;
  if (fuzz.input.contentType !== undefined) headers['content-type'] = fuzz.input.contentType;
  const query = fuzz.input.query ? `?${fuzz.input.query}` : '';
  const hasBody = fuzz.input.body !== undefined && !['GET', 'HEAD'].includes(fuzz.method);
  const response = await fetch(`${base}${fuzz.path}${query}`, {
    method: fuzz.method,
    headers,
    body: hasBody ? fuzz.input.body : undefined,
    signal: AbortSignal.timeout(20_000),
  });
  return {
    status: response.status,
    text: await response.text(),
    contentType: response.headers.get('content-type') ?? '',
  };
}

/** Runs `work` over `items`, `concurrency` at a time. */
export async function inPool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Signs of internals an answer must not show: stack frames and server paths. */
const INTERNALS = [
  /\n\s+at /,
  /\.(ts|js):\d+/,
  /node_modules/,
  /\/work\//,
  /\/tmp\//,
  /brandboard-api-/,
];

const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

/**
 * What is wrong with an answer, or null when it is a fine answer to a malformed request. SCIM's
 * routes (`/scim/v2/…`) answer SCIM's error resource, as identity providers expect, instead of
 * the API's {statusCode, error, message}.
 */
export function problemWith(answer: FuzzAnswer, route = ''): string | null {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 200)}`;
  const leak = INTERNALS.find((pattern) => pattern.test(answer.text));
  if (leak) return `answer shows internals (${leak}): ${answer.text.slice(0, 300)}`;
  if (answer.status < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `${answer.status} answer is not JSON: ${answer.text.slice(0, 200)}`;
  }
  const fields = (body ?? {}) as Record<string, unknown>;
  if (route.startsWith('/scim/v2/')) {
    const { schemas, status, detail } = fields;
    const isScimError = Array.isArray(schemas) && schemas.includes(SCIM_ERROR);
    if (isScimError && status === String(answer.status) && typeof detail === 'string') return null;
    return `${answer.status} answer is not a SCIM error resource: ${answer.text.slice(0, 200)}`;
  }
  const { statusCode, error, message } = fields;
  if (statusCode !== answer.status || typeof error !== 'string' || typeof message !== 'string') {
    return `${answer.status} answer lacks {statusCode, error, message}: ${answer.text.slice(0, 200)}`;
  }
  return null;
}
