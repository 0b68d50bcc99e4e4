import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'react-admin';
import type { Session } from './harness';

/**
 * The real ra-data-simple-rest data provider the web app uses, over fetchJson with the
 * session's bearer token and site header.
 */
export function dataProviderFor(baseUrl: string, session: Session): DataProvider {
  const httpClient = (url: string, options: fetchUtils.Options = {}) => {
    const headers = new Headers(options.headers ?? { Accept: 'application/json' });
    headers.set('Authorization', `Bearer ${session.token}`);
    headers.set('site', session.site);
    return fetchUtils.fetchJson(url, { ...options, headers });
  };
  return simpleRestProvider(`${baseUrl}/api/v1`, httpClient);
}

/** The HTTP status and JSON body of a rejected data provider call. */
export async function failureOf(
  call: Promise<unknown>,
): Promise<{ status: number; body: unknown }> {
  try {
    await call;
  } catch (error) {
    const { status, body } = error as { status: number; body: unknown };
    return { status, body };
  }
  throw new Error('the call succeeded');
}
