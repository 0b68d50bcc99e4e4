import { HttpError as RaHttpError } from 'react-admin';
import type { User } from '../../../common/types';
import { browserNavigation, loginUrlForCurrentPage } from './browserNavigation';
import { localisedMessage, refusalMessage, refusesSession } from './refusals';
import { SESSION_KEYS, readSessionJson, removeSessionItem } from './storageKeys';

// The one HTTP client of the web app (spec §7, §8). `httpClient` has the signature and answer
// of react-admin's fetchUtils.fetchJson so ra-data-simple-rest runs over it.

/** A failed call: the HTTP status and the JSON body when there is one, else the text. */
export class HttpError extends RaHttpError {
  constructor(message: string, status: number, body: unknown) {
    super(message, status, body);
    Object.setPrototypeOf(this, HttpError.prototype);
    this.name = 'HttpError';
  }
}

/** A call aborted by its caller or by `cancelAllRequests()`. */
export class CancelledError extends Error {
  constructor(url: string) {
    super(`Request cancelled: ${url}`);
    Object.setPrototypeOf(this, CancelledError.prototype);
    this.name = 'CancelledError';
  }
}

export interface HttpClientOptions extends RequestInit {
  /** Bearer token to send instead of the session's (shared dashboards: the URL's last segment). */
  shareToken?: string;
  /**
   * The caller handles 401/403 itself (sign-in calls, public pages); no redirect to /login.
   * Business refusals (a 403 with a refusal code) never redirect.
   */
  handleAuthErrorsInCaller?: boolean;
}

type ParsedKind = 'json' | 'binary' | 'text' | 'empty';

interface HttpAnswer<T = unknown> {
  status: number;
  headers: Headers;
  kind: ParsedKind;
  data: T;
}

/** fetchUtils.fetchJson's answer; `body` is the text ('' for binary), `json` the parsed JSON. */
interface HttpClientAnswer {
  status: number;
  headers: Headers;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  blob?: Blob;
}

let apiPrefix: string = (import.meta.env.VITE_API_PREFIX as string | undefined) ?? '';

/** Replaces the path prefix read from VITE_API_PREFIX (tests point it at their own server). */
export function setApiPrefix(prefix: string): void {
  apiPrefix = prefix.replace(/\/+$/, '');
}

/** Prepends the configurable prefix (VITE_API_PREFIX, default '') to an API path. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${apiPrefix.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The sign-in calls whose 401/403 answers belong to their caller (spec §8). */
const LOGIN_CALL_PATTERN = /\/api\/v1\/(login|verifyLogin|logout|register)(\?|$)/;

function isLoginCall(url: string): boolean {
  return LOGIN_CALL_PATTERN.test(url.split('#')[0]);
}

const pending = new Set<AbortController>();

/** Aborts every call still in flight; each of them rejects with `CancelledError`. */
export function cancelAllRequests(): void {
  for (const controller of [...pending]) controller.abort();
  pending.clear();
}

export function pendingRequestCount(): number {
  return pending.size;
}

function buildHeaders(init: RequestInit, shareToken?: string): Headers {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (!headers.has('Content-Type') && !(init.body instanceof FormData)) {
    headers.set('Content-Type', 'application/json');
  }
  if (shareToken) {
    headers.set('Authorization', `Bearer ${shareToken}`);
    return headers;
  }
  const token = sessionStorage.getItem(SESSION_KEYS.token);
  const user = readSessionJson<User>(SESSION_KEYS.user);
  if (token && user?.site) {
    headers.set('Authorization', `Bearer ${token}`);
    headers.set('site', user.site);
  }
  return headers;
}

function linkSignals(own: AbortSignal, callers?: AbortSignal | null): AbortSignal {
  return callers ? AbortSignal.any([own, callers]) : own;
}

function kindOf(response: Response): ParsedKind {
  if (response.status === 204 || response.headers.get('content-length') === '0') return 'empty';
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  if (type.includes('json')) return 'json';
  if (type.startsWith('text/') || type.includes('xml') || type === '') return 'text';
  return 'binary';
}

async function readBody(response: Response, kind: ParsedKind): Promise<unknown> {
  if (kind === 'empty') return null;
  if (kind === 'binary') return response.blob();
  const text = await response.text();
  if (kind === 'text') return text;
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorMessage(status: number, statusText: string, body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body) {
    const message = String((body as { message: unknown }).message);
    return refusalMessage(localisedMessage(status, message, body), body);
  }
  if (typeof body === 'string' && body !== '') return body;
  return statusText || `HTTP ${status}`;
}

function sendToLogin(): void {
  sessionStorage.removeItem(SESSION_KEYS.token);
  removeSessionItem(SESSION_KEYS.user);
  if (window.location.pathname === '/login') return;
  browserNavigation.assign(loginUrlForCurrentPage());
}

function isAbort(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'AbortError' || (error as { code?: string }).code === 'ABORT_ERR')
  );
}

/**
 * POSTs that only read (chart queries, filter values, explorer SQL, a shared dashboard's
 * charts and filter values): safe to send twice. nginx repeats the same ones
 * (scripts/cluster/nginxConfig.mjs, deploy/nginx.conf).
 */
const READ_ONLY_POST =
  /\/api\/v1\/(query|query\/values|sql|share\/dashboards\/[^/?#]+\/(query|filterValues))(\?|$)/;
const RETRY_DELAY_MS = 250;

function isSafeToRepeat(method: string | undefined, url: string): boolean {
  const verb = (method ?? 'GET').toUpperCase();
  if (verb === 'GET' || verb === 'HEAD') return true;
  return verb === 'POST' && READ_ONLY_POST.test(url.split('#')[0]);
}

/**
 * An answer of the way to the server, not of the server: a load balancer finding no instance
 * (502, 504, or 503 without the server's own Retry-After of a full query queue).
 */
function isFromTheWay(response: Response): boolean {
  const { status } = response;
  return (
    status === 502 || status === 504 || (status === 503 && !response.headers.has('retry-after'))
  );
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    };
    // A caller's signal may outlive the call: the listener goes when the pause ends.
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * fetch, sent once more after a short pause when a call safe to repeat met a dropped
 * connection or a load balancer's error (an instance of several restarting, say).
 */
async function fetchOnceMore(url: string, init: RequestInit & { signal: AbortSignal }) {
  if (!isSafeToRepeat(init.method, url)) return fetch(url, init);
  try {
    const response = await fetch(url, init);
    if (!isFromTheWay(response)) return response;
    await response.body?.cancel();
  } catch (error) {
    if (isAbort(error)) throw error;
  }
  await pause(RETRY_DELAY_MS, init.signal);
  return fetch(url, init);
}

/**
 * Sends one call (a read once more after a dropped connection or a load balancer's error) and
 * parses the answer by its content type: JSON, binary (Blob) or text.
 */
export async function httpRequest<T = unknown>(
  url: string,
  options: HttpClientOptions = {},
): Promise<HttpAnswer<T>> {
  const { shareToken, handleAuthErrorsInCaller, signal, ...init } = options;
  const controller = new AbortController();
  pending.add(controller);
  try {
    const response = await fetchOnceMore(url, {
      ...init,
      headers: buildHeaders(init, shareToken),
      signal: linkSignals(controller.signal, signal),
    });
    const kind = kindOf(response);
    const data = await readBody(response, kind);
    if (response.ok)
      return { status: response.status, headers: response.headers, kind, data: data as T };
    const callerHandles = handleAuthErrorsInCaller ?? isLoginCall(url);
    if (refusesSession(response.status, data) && !callerHandles) sendToLogin();
    throw new HttpError(
      errorMessage(response.status, response.statusText, data),
      response.status,
      data,
    );
  } catch (error) {
    if (isAbort(error)) throw new CancelledError(url);
    throw error;
  } finally {
    pending.delete(controller);
  }
}

/** fetchUtils.fetchJson-compatible client: `{ status, headers, body, json }`. */
export async function httpClient(
  url: string,
  options: HttpClientOptions = {},
): Promise<HttpClientAnswer> {
  const answer = await httpRequest(url, options);
  if (answer.kind === 'binary') {
    return {
      status: answer.status,
      headers: answer.headers,
      body: '',
      json: undefined,
      blob: answer.data as Blob,
    };
  }
  if (answer.kind === 'json') {
    return {
      status: answer.status,
      headers: answer.headers,
      body: JSON.stringify(answer.data),
      json: answer.data,
    };
  }
  const body = (answer.data as string | null) ?? '';
  return { status: answer.status, headers: answer.headers, body, json: undefined };
}
