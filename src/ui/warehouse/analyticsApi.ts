import type { DatasetRecord } from '../../../common/api/datasets';
import type { RowPolicy, RowPolicyInput } from '../../../common/api/rowPolicies';
import type { RollupInput, RollupProposal, RollupRecord } from '../../../common/api/rollups';

import type { CreatedEmbedSecret, EmbedSecret } from '../../../common/api/embeds';
import type { QueryColumn, QueryResult, SqlRequest } from '../../../common/api/query';
import type { ConnectionTestResult, SourceSchema } from '../../../common/api/sources';
import type {
  DecimalSeparatorName,
  ThousandsSeparatorName,
  UploadResult,
} from '../../../common/api/uploads';
import { apiUrl, httpRequest, type HttpClientOptions } from '../api/httpClient';
import { uploadWithProgress, type UploadProgress } from '../api/uploadWithProgress';

// The analytics calls beyond simple-rest records (docs/architecture.md §5), for the data source, dataset and
// data explorer screens. Every call goes through the app's httpClient (bearer + site headers).

function sourcePath(sourceId: number | string, rest = ''): string {
  return apiUrl(`/api/v1/datasources/${encodeURIComponent(sourceId)}${rest}`);
}

function tablePath(sourceId: number | string, table: string, rest = ''): string {
  return sourcePath(sourceId, `/tables/${encodeURIComponent(table)}${rest}`);
}

async function call<T>(url: string, init: HttpClientOptions = {}): Promise<T> {
  const answer = await httpRequest<T>(url, init);
  return answer.data;
}

function jsonBody(method: string, body: unknown, signal?: AbortSignal): HttpClientOptions {
  return { method, body: JSON.stringify(body), signal };
}

export function fetchSchema(sourceId: number | string, signal?: AbortSignal) {
  return call<SourceSchema>(sourcePath(sourceId, '/schema'), { signal });
}

export function testConnection(sourceId: number | string) {
  return call<ConnectionTestResult>(sourcePath(sourceId, '/test'), jsonBody('POST', {}));
}

/** Confirms (or changes) the column types of an uploaded table. */
export function setColumnTypes(sourceId: number | string, table: string, columns: QueryColumn[]) {
  return call<UploadResult>(tablePath(sourceId, table, '/types'), jsonBody('PUT', { columns }));
}

/** Discards an uploaded table. */
export function dropTable(sourceId: number | string, table: string) {
  return call<unknown>(tablePath(sourceId, table), { method: 'DELETE' });
}

/** Runs explorer SQL; aborting `signal` closes the request and the server cancels the query. */
export function runSql(request: SqlRequest, signal?: AbortSignal) {
  return call<QueryResult>(apiUrl('/api/v1/sql'), jsonBody('POST', request, signal));
}

export function previewDataset(datasetId: number | string, limit = 50, signal?: AbortSignal) {
  const url = apiUrl(`/api/v1/datasets/${encodeURIComponent(datasetId)}/preview?limit=${limit}`);
  return call<QueryResult>(url, { signal });
}

/** Recounts a dataset's rows and re-detects its fields; answers the updated dataset. */
export function refreshDataset(datasetId: number | string) {
  const url = apiUrl(`/api/v1/datasets/${encodeURIComponent(datasetId)}/refresh`);
  return call<DatasetRecord>(url, jsonBody('POST', {}));
}

interface UploadFileOptions {
  /** Table name to create; the server derives one from the file name when absent. */
  table?: string;
  /** Replace an existing table of that name. */
  replace?: boolean;
  /** Add the file's rows to the existing table of that name (its columns, by name). */
  append?: boolean;
  /** Separators of numbers written as text; detected when absent. */
  decimalSeparator?: DecimalSeparatorName;
  thousandsSeparator?: ThousandsSeparatorName;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Streams a CSV, Parquet or JSON file into the source's warehouse as a table. */
export function uploadFile(sourceId: number | string, file: File, options: UploadFileOptions = {}) {
  const form = new FormData();
  // Text fields first: the server may read them before the file stream.
  if (options.table) form.append('table', options.table);
  if (options.replace) form.append('replace', 'true');
  if (options.append) form.append('append', 'true');
  if (options.decimalSeparator) form.append('decimalSeparator', options.decimalSeparator);
  if (options.thousandsSeparator) form.append('thousandsSeparator', options.thousandsSeparator);
  form.append('file', file, file.name);
  return uploadWithProgress<UploadResult>(sourcePath(sourceId, '/uploads'), form, {
    onProgress: options.onProgress,
    signal: options.signal,
  });
}

function policiesPath(datasetId: number | string, rest = ''): string {
  return apiUrl(`/api/v1/datasets/${encodeURIComponent(datasetId)}/policies${rest}`);
}

/** A dataset's row policies, oldest first. */
export function listPolicies(datasetId: number | string, signal?: AbortSignal) {
  return call<RowPolicy[]>(policiesPath(datasetId), { signal });
}

export function createPolicy(datasetId: number | string, policy: RowPolicyInput) {
  return call<RowPolicy>(policiesPath(datasetId), jsonBody('POST', policy));
}

export function deletePolicy(datasetId: number | string, policyId: number) {
  return call<RowPolicy>(policiesPath(datasetId, `/${policyId}`), { method: 'DELETE' });
}

/** A rollup to declare; the refresh interval and freshness limit have defaults. */
export type RollupInputBody = Omit<RollupInput, 'refreshMinutes' | 'freshnessMinutes' | 'id'> &
  Partial<Pick<RollupInput, 'refreshMinutes' | 'freshnessMinutes'>>;

function rollupsPath(datasetId: number | string, rest = ''): string {
  return apiUrl(`/api/v1/datasets/${encodeURIComponent(datasetId)}/rollups${rest}`);
}

/** A dataset's rollups with their state, oldest first. */
export function listRollups(datasetId: number | string, signal?: AbortSignal) {
  return call<RollupRecord[]>(rollupsPath(datasetId), { signal });
}

/** The rollup proposed from the charts over the dataset (none when no chart would be served). */
export function proposeRollups(datasetId: number | string, signal?: AbortSignal) {
  return call<RollupProposal[]>(rollupsPath(datasetId, '/proposals'), { signal });
}

export function createRollup(datasetId: number | string, rollup: RollupInputBody) {
  return call<RollupRecord>(rollupsPath(datasetId), jsonBody('POST', rollup));
}

export function refreshRollup(datasetId: number | string, rollupId: number) {
  return call<RollupRecord>(rollupsPath(datasetId, `/${rollupId}/refresh`), { method: 'POST' });
}

export function deleteRollup(datasetId: number | string, rollupId: number) {
  return call<RollupRecord>(rollupsPath(datasetId, `/${rollupId}`), { method: 'DELETE' });
}

/** The account's embedding secrets (admins), newest first; never the secrets themselves. */
export function listEmbedSecrets(signal?: AbortSignal) {
  return call<EmbedSecret[]>(apiUrl('/api/v1/embedSecrets'), { signal });
}

/** A new embedding secret, answered with the secret once. */
export function createEmbedSecret(label: string) {
  return call<CreatedEmbedSecret>(apiUrl('/api/v1/embedSecrets'), jsonBody('POST', { label }));
}

export function revokeEmbedSecret(id: number) {
  return call<EmbedSecret>(apiUrl(`/api/v1/embedSecrets/${id}`), { method: 'DELETE' });
}
