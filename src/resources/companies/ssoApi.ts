import type {
  DiscoveryAnswer,
  SsoOverview,
  SsoRole,
  SsoSettingsInput,
} from '../../../common/api/sso';
import { SSO_ROLES } from '../../../common/api/sso';
import { apiUrl, HttpError, httpClient } from '../../ui/api/httpClient';

// The calls of the single sign-on section, and its text fields to and from the settings.

export const fetchSso = async (): Promise<SsoOverview> =>
  (await httpClient(apiUrl('/api/v1/sso'))).json as SsoOverview;

export const saveSso = async (settings: SsoSettingsInput): Promise<SsoOverview> =>
  (await httpClient(apiUrl('/api/v1/sso'), { method: 'PUT', body: JSON.stringify(settings) }))
    .json as SsoOverview;

export const checkIssuer = async (issuer: string): Promise<DiscoveryAnswer> =>
  (
    await httpClient(apiUrl('/api/v1/sso/discovery'), {
      method: 'POST',
      body: JSON.stringify({ issuer }),
    })
  ).json as DiscoveryAnswer;

export const rotateScimToken = async (): Promise<string> =>
  (await httpClient(apiUrl('/api/v1/sso/scimToken'), { method: 'POST' })).json.token as string;

/** The server's message and field of a failed call. */
export function failureOf(error: unknown): { message: string; field?: string } {
  const body = error instanceof HttpError ? (error.body as { field?: string } | null) : null;
  return {
    message: error instanceof Error ? error.message : String(error),
    field: body?.field,
  };
}

/** `key = value` lines to a record; the number of the first bad line, if any. */
export function parsePairs(text: string): { pairs: Record<string, string>; badLine?: number } {
  const pairs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    const at = line.lastIndexOf('=');
    const key = line.slice(0, at).trim();
    const value = line.slice(at + 1).trim();
    if (at <= 0 || key === '' || value === '') return { pairs, badLine: i + 1 };
    pairs[key] = value;
  }
  return { pairs };
}

export const pairsText = (record: Record<string, string>): string =>
  Object.entries(record)
    .map(([key, value]) => `${key} = ${value}`)
    .join('\n');

export const isSsoRole = (value: string): value is SsoRole =>
  (SSO_ROLES as readonly string[]).includes(value);
