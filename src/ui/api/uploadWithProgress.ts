import type { User } from '../../../common/types';
import { CancelledError, HttpError } from './httpClient';
import { refusalMessage } from './refusals';
import { SESSION_KEYS, readSessionJson } from './storageKeys';

// fetch() cannot report upload progress, so file uploads use XMLHttpRequest with the same
// headers as the app's httpClient (bearer token and site of the session).

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..1, or null while the size is not known. */
  fraction: number | null;
}

interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  method?: 'POST' | 'PUT';
}

function sessionHeaders(): Record<string, string> {
  const token = sessionStorage.getItem(SESSION_KEYS.token);
  const user = readSessionJson<User>(SESSION_KEYS.user);
  if (!token || !user?.site) return {};
  return { Authorization: `Bearer ${token}`, site: user.site };
}

function parseBody(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function failureMessage(xhr: XMLHttpRequest, body: unknown): string {
  if (body && typeof body === 'object' && 'message' in body) {
    return refusalMessage(String((body as { message: unknown }).message), body);
  }
  if (typeof body === 'string' && body !== '') return body;
  return xhr.statusText || `HTTP ${xhr.status}`;
}

/** Sends `form` to `url`, reporting upload progress; resolves with the parsed JSON answer. */
export function uploadWithProgress<T = unknown>(
  url: string,
  form: FormData,
  { onProgress, signal, method = 'POST' }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new CancelledError(url));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(sessionHeaders())) xhr.setRequestHeader(name, value);
    let sent = { loaded: 0, total: 0 };
    xhr.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : 0;
      sent = { loaded: event.loaded, total };
      onProgress?.({ ...sent, fraction: total > 0 ? event.loaded / total : null });
    };
    // The whole body is sent (the server is now reading it): complete, even when the sizes
    // were not computable along the way.
    xhr.upload.onload = () => {
      const total = Math.max(sent.total, sent.loaded);
      onProgress?.({ loaded: total, total, fraction: 1 });
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      const body = parseBody(xhr);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new HttpError(failureMessage(xhr, body), xhr.status, body));
    };
    xhr.onerror = () => {
      settle();
      reject(new HttpError('The upload failed: the server could not be reached.', 0, null));
    };
    xhr.onabort = () => {
      settle();
      reject(new CancelledError(url));
    };
    xhr.send(form);
  });
}
