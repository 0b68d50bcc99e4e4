import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Dataset } from '../../common/analytics';
import type { QuestionContext } from '../../common/nl';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { closeAllWarehouses } from '../../server/engines/duckdb/warehouseRegistry';
import { tablePath, type EvalTable } from './tables';

// The real server in this process on a temporary DATA_DIR, as a user meets it: an editor of
// the seeded tenant signs in, uploads each table through the upload API and makes a dataset of
// it with the fields the server infers (none given), then asks questions over HTTP.

export interface HttpAnswer {
  status: number;
  body: unknown;
}

export interface UploadedDataset {
  table: EvalTable;
  dataset: Dataset;
  /** what the ask route gives the parser: the dataset, its sampled values and ranges */
  context: QuestionContext;
}

export interface EvalServer {
  upload: (table: EvalTable) => Promise<UploadedDataset>;
  ask: (datasetId: number, question: string, language?: string) => Promise<HttpAnswer>;
  /** saves the dataset with these fields (labels, synonyms, translations edited) */
  saveFields: (dataset: Dataset, fields: Dataset['fields']) => Promise<Dataset>;
  close: () => Promise<void>;
}

const SITE = 'acme';

export async function startEvalServer(): Promise<EvalServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brandboard-eval-'));
  const password = randomBytes(12).toString('hex');
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_PASSWORD: password,
    BASE_DOMAIN: 'localhost',
    LOG_LEVEL: 'warn',
    WEB_DIR: join(dataDir, 'no-web-build'),
  });
  const app = await buildApp(config, { logger: false, seedDemoWarehouse: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = baseUrlOf(app);
  const token = await signIn(base, 'editor', password);
  const headers = { authorization: `Bearer ${token}`, site: SITE };
  const call = (method: string, path: string, body?: unknown) =>
    request(base, headers, method, path, body);
  const warehouseId = await warehouseIdOf(call);

  return {
    upload: async (table) => {
      const tableName = await uploadFile(base, headers, warehouseId, table);
      const created = await call('POST', '/api/v1/datasets', {
        sourceId: warehouseId,
        name: table.name,
        table: tableName,
      });
      const dataset = expectOk(created, `dataset ${table.name}`) as Dataset;
      const sampled = await call('GET', `/api/v1/aicharts/context/${dataset.id}`);
      const { values, ranges } = expectOk(sampled, `context ${table.name}`) as QuestionContext;
      return { table, dataset, context: { dataset, values, ranges } };
    },
    ask: (datasetId, question, language) =>
      call('POST', '/api/v1/aicharts/ask', { datasetId, question, language }),
    saveFields: async (dataset, fields) => {
      const { sourceId, name, table } = dataset;
      const saved = await call('PUT', `/api/v1/datasets/${dataset.id}`, {
        sourceId,
        name,
        table,
        fields,
      });
      return expectOk(saved, `fields of ${name}`) as Dataset;
    },
    close: async () => {
      await app.close();
      await closeAllWarehouses();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function baseUrlOf(app: FastifyInstance): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://127.0.0.1:${port}`;
}

type Call = (method: string, path: string, body?: unknown) => Promise<HttpAnswer>;

function expectOk(answer: HttpAnswer, what: string): unknown {
  if (answer.status !== 200) {
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

async function signIn(base: string, username: string, password: string): Promise<string> {
  const answer = await request(base, { site: SITE }, 'POST', '/api/v1/login', {
    username,
    password,
  });
  return (expectOk(answer, `sign-in as ${username}`) as { token: string }).token;
}

/** The tenant's DuckDB warehouse (listing the sources creates it). */
async function warehouseIdOf(call: Call): Promise<number> {
  const sources = expectOk(await call('GET', '/api/v1/datasources'), 'sources') as Array<{
    id: number;
    type: string;
  }>;
  const warehouse = sources.find((source) => source.type === 'duckdb');
  if (!warehouse) throw new Error('the tenant has no warehouse');
  return warehouse.id;
}

/** Uploads the table's file as a browser would (multipart, field "file"); its table's name. */
async function uploadFile(
  base: string,
  headers: Record<string, string>,
  warehouseId: number,
  table: EvalTable,
): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(tablePath(table))]), table.file);
  const response = await fetch(`${base}/api/v1/datasources/${warehouseId}/uploads`, {
    method: 'POST',
    headers,
    body: form,
  });
  const body = (await response.json()) as { table: string };
  return (expectOk({ status: response.status, body }, `upload ${table.file}`) as typeof body).table;
}

async function request(
  base: string,
  headers: Record<string, string>,
  method: string,
  path: string,
  body?: unknown,
): Promise<HttpAnswer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed };
}
