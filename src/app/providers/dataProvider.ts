import simpleRestProvider from 'ra-data-simple-rest';
import type { CreateParams, DataProvider, UpdateParams } from 'react-admin';
import { apiUrl, httpClient } from '../../ui/api/httpClient';

// ra-data-simple-rest over our httpClient (docs/architecture.md §5). The web resource `companies` is the
// API's `companyProfiles`, whose create and update travel as multipart form data with the logo.

const RESOURCE_PATHS: Record<string, string> = {
  companies: 'companyProfiles',
  auditlogs: 'auditLogs',
  subscriptions: 'deliveries',
  'account-subscriptions': 'deliveries',
};
const MULTIPART_RESOURCES = new Set(['companyProfiles']);
/** Answer-only fields of a company profile; an update never sends them (nor the owner). */
const READ_ONLY_ON_CREATE = ['id', 'hasLogo'];
const READ_ONLY_ON_UPDATE = [...READ_ONLY_ON_CREATE, 'accountId'];

function without(data: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !keys.includes(key)));
}

function apiResource(resource: string): string {
  return RESOURCE_PATHS[resource] ?? resource;
}

interface FileInputValue {
  rawFile?: Blob & { name?: string };
}

function isFileInputValue(value: unknown): value is FileInputValue {
  return typeof value === 'object' && value !== null && 'rawFile' in value;
}

/**
 * A record as form data: a FileInput value ({ rawFile }) becomes a file part, other scalar
 * fields text parts. An existing file (no rawFile) and empty values are left out.
 */
export function toFormData(data: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    if (isFileInputValue(value)) {
      if (value.rawFile) form.append(key, value.rawFile, value.rawFile.name ?? key);
      continue;
    }
    if (typeof value === 'object') continue;
    form.append(key, String(value));
  }
  return form;
}

async function sendForm(method: 'POST' | 'PUT', url: string, data: Record<string, unknown>) {
  const { json } = await httpClient(apiUrl(url), { method, body: toFormData(data) });
  return { data: json };
}

/** httpClient with the API prefix put before a path at each call, not once at load. */
const prefixedHttpClient: typeof httpClient = (url, options) => httpClient(apiUrl(url), options);

export function createDataProvider(baseUrl = '/api/v1'): DataProvider {
  const rest = simpleRestProvider(baseUrl, prefixedHttpClient);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const withPath = (call: (resource: string, params: any) => Promise<any>) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    ((resource: string, params: any) => call(apiResource(resource), params)) as never;

  return {
    ...rest,
    getList: withPath(rest.getList),
    getOne: withPath(rest.getOne),
    getMany: withPath(rest.getMany),
    getManyReference: withPath(rest.getManyReference),
    updateMany: withPath(rest.updateMany),
    delete: withPath(rest.delete),
    deleteMany: withPath(rest.deleteMany),
    create: ((resource: string, params: CreateParams) => {
      const path = apiResource(resource);
      if (!MULTIPART_RESOURCES.has(path)) return rest.create(path, params);
      return sendForm('POST', `${baseUrl}/${path}`, without(params.data, READ_ONLY_ON_CREATE));
    }) as DataProvider['create'],
    update: ((resource: string, params: UpdateParams) => {
      const path = apiResource(resource);
      if (!MULTIPART_RESOURCES.has(path)) return rest.update(path, params);
      const data = without(params.data, READ_ONLY_ON_UPDATE);
      return sendForm('PUT', `${baseUrl}/${path}/${encodeURIComponent(params.id)}`, data);
    }) as DataProvider['update'],
  };
}

export const dataProvider = createDataProvider();
