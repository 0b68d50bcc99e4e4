import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LineCounter, parseDocument, stringify } from 'yaml';
import {
  asCodeFileSchema,
  uniqueSlugs,
  type AsCodeFile,
  type ChartFile,
  type DashboardFile,
  type DatasetFile,
} from '../common/asCode';
import type { Translations } from '../common/contentTranslations';

// `bb export` and `bb import` over the public API with an API token: dashboards, charts and
// datasets as YAML files, one per object, in datasets/, charts/ and dashboards/.

export interface Server {
  url: string;
  token: string;
  /** The account's site, sent as the `site` header (else the URL's host tells it). */
  site?: string;
}

type Json = Record<string, unknown>;

async function request(server: Server, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${server.token}` };
  if (server.site) headers.site = server.site;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const message = (answer as { message?: string } | null)?.message ?? response.statusText;
    throw new Error(`${method} ${path}: ${response.status} ${message}`);
  }
  return answer;
}

const listOf = async (server: Server, path: string) =>
  (await request(server, 'GET', `${path}?range=[0,999]&sort=["id","ASC"]`)) as Json[];

interface Account {
  sources: Json[];
  datasets: Json[];
  charts: Json[];
  dashboards: Json[];
}

async function readAccount(server: Server): Promise<Account> {
  return {
    sources: await listOf(server, '/api/v1/datasources'),
    datasets: await listOf(server, '/api/v1/datasets'),
    charts: await listOf(server, '/api/v1/aicharts'),
    dashboards: await listOf(server, '/api/v1/dashboards'),
  };
}

/**
 * Slugs of the records by id, unique among their kind. Given in the order of the names (not
 * of the ids), so that an account the files were imported into gives the same ones.
 */
function slugsById(records: Json[]): Map<number, string> {
  const byName = [...records].sort(
    (a, b) => String(a.name).localeCompare(String(b.name)) || Number(a.id) - Number(b.id),
  );
  const slugs = uniqueSlugs(byName.map((record) => String(record.name)));
  return new Map(byName.map((record, index) => [Number(record.id), slugs[index]]));
}

/** `{ translations }` of a record that has some (files of records without them stay as they were). */
function translationsOf(record: Json): { translations?: Translations } {
  const translations = record.translations as Translations | undefined;
  return translations && Object.keys(translations).length > 0 ? { translations } : {};
}

function toFiles(account: Account): AsCodeFile[] {
  const sourceNames = new Map(account.sources.map((s) => [Number(s.id), String(s.name)]));
  const datasetSlugs = slugsById(account.datasets);
  const chartSlugs = slugsById(account.charts);
  const dashboardSlugs = slugsById(account.dashboards);
  const datasets = account.datasets.map((d): DatasetFile => ({
    kind: 'dataset',
    id: datasetSlugs.get(Number(d.id))!,
    name: String(d.name),
    description: String(d.description ?? ''),
    source: sourceNames.get(Number(d.sourceId)) ?? String(d.sourceId),
    ...(d.table ? { table: String(d.table) } : { sql: String(d.sql) }),
    fields: d.fields as DatasetFile['fields'],
  }));
  const charts = account.charts.map((c): ChartFile => {
    const spec = c.spec as ChartFile['spec'];
    const query: Json = { ...spec.query };
    delete query.datasetId;
    return {
      kind: 'chart',
      id: chartSlugs.get(Number(c.id))!,
      name: String(c.name),
      description: String(c.description ?? ''),
      dataset: datasetSlugs.get(Number(c.datasetId)) ?? String(c.datasetId),
      spec: { ...spec, query },
      ...translationsOf(c),
    };
  });
  const chartRef = (id: unknown) => chartSlugs.get(Number(id)) ?? String(id);
  const dashboards = account.dashboards.map((d): DashboardFile => ({
    kind: 'dashboard',
    id: dashboardSlugs.get(Number(d.id))!,
    name: String(d.name),
    description: String(d.description ?? ''),
    refreshSeconds: Number(d.refreshSeconds ?? 0),
    tabs: (d.tabs ?? []) as DashboardFile['tabs'],
    ...translationsOf(d),
    tiles: (d.tiles as Json[]).map(({ chartId, ...tile }) =>
      chartId === undefined ? tile : { ...tile, chart: chartRef(chartId) },
    ) as DashboardFile['tiles'],
    filters: (d.filters as Json[]).map((filter) => ({
      ...filter,
      bindings: (filter.bindings as Json[]).map((b) => ({
        chart: chartRef(b.chartId),
        field: String(b.field),
      })),
    })) as DashboardFile['filters'],
  }));
  return [...datasets, ...charts, ...dashboards];
}

const FOLDERS = { dataset: 'datasets', chart: 'charts', dashboard: 'dashboards' } as const;

/** Writes the account's datasets, charts and dashboards under `dir`; answers the paths. */
export async function exportAccount(server: Server, dir: string): Promise<string[]> {
  const files = toFiles(await readAccount(server));
  const written: string[] = [];
  for (const file of files) {
    const path = join(FOLDERS[file.kind], `${file.id}.yaml`);
    await mkdir(join(dir, FOLDERS[file.kind]), { recursive: true });
    await writeFile(join(dir, path), stringify(file, { lineWidth: 0 }));
    written.push(path);
  }
  return written;
}

/** A file that cannot be read: where and why. */
export class FileRefused extends Error {
  constructor(
    readonly path: string,
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${path}:${line}: ${reason}`);
  }
}

/** One file read: YAML errors and schema errors told with their line. */
export function readFileText(path: string, text: string): AsCodeFile {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false });
  const [error] = document.errors;
  if (error) {
    const line = lineCounter.linePos(error.pos[0]).line;
    throw new FileRefused(path, line, error.message.split('\n')[0]);
  }
  const parsed = asCodeFileSchema.safeParse(document.toJS());
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  // The line of the deepest node of the issue's path the file has (a missing key: its map's).
  let line = 1;
  for (let depth = issue.path.length; depth >= 0; depth -= 1) {
    const path = issue.path.slice(0, depth) as (string | number)[];
    const node = document.getIn(path, true) as { range?: [number, number, number] } | undefined;
    if (node?.range) {
      line = lineCounter.linePos(node.range[0]).line;
      break;
    }
  }
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  throw new FileRefused(path, line, `${where}${issue.message}`);
}

async function readFiles(dir: string): Promise<{ path: string; file: AsCodeFile }[]> {
  const read: { path: string; file: AsCodeFile }[] = [];
  for (const folder of Object.values(FOLDERS)) {
    const names = await readdir(join(dir, folder)).catch(() => [] as string[]);
    for (const name of names.filter((n) => /\.ya?ml$/.test(n)).sort()) {
      const path = join(folder, name);
      read.push({ path, file: readFileText(path, await readFile(join(dir, path), 'utf8')) });
    }
  }
  return read;
}

/** Keys sorted, undefined dropped: two equal definitions give the same text. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

export type Outcome = 'created' | 'changed' | 'unchanged';
export interface ImportReport {
  dryRun: boolean;
  results: { path: string; outcome: Outcome }[];
}

/**
 * Imports the files under `dir`: every file is read first (one it cannot read refuses the
 * import, nothing written); then datasets, charts and dashboards are matched by name, created
 * or updated when they differ. A dry run writes nothing and tells what it would do.
 */
export async function importAccount(
  server: Server,
  dir: string,
  options: { dryRun: boolean },
): Promise<ImportReport> {
  const files = await readFiles(dir);
  const account = await readAccount(server);
  const sourceIds = new Map(account.sources.map((s) => [String(s.name), Number(s.id)]));
  const ids = new Map<string, number>();
  const results: ImportReport['results'] = [];
  const kindOrder = ['dataset', 'chart', 'dashboard'] as const;
  let placeholder = -1;

  const refOf = (kind: string, slug: string, path: string) => {
    const id = ids.get(`${kind}:${slug}`);
    if (id === undefined) throw new FileRefused(path, 1, `no ${kind} file has the id "${slug}"`);
    return id;
  };

  const payloadOf = (path: string, file: AsCodeFile): Json => {
    if (file.kind === 'dataset') {
      const sourceId = sourceIds.get(file.source);
      if (sourceId === undefined) {
        throw new FileRefused(path, 1, `no data source named "${file.source}" in this account`);
      }
      const { name, description, table, sql, fields } = file;
      return { name, description, table, sql, fields, sourceId };
    }
    if (file.kind === 'chart') {
      const datasetId = refOf('dataset', file.dataset, path);
      const spec = { ...file.spec, query: { ...file.spec.query, datasetId } };
      const { name, description, translations } = file;
      return { name, description, datasetId, spec, translations };
    }
    const chartId = (slug: unknown) => refOf('chart', String(slug), path);
    return {
      name: file.name,
      description: file.description,
      refreshSeconds: file.refreshSeconds,
      tabs: file.tabs,
      translations: file.translations,
      tiles: file.tiles.map(({ chart, ...tile }) =>
        chart === undefined ? tile : { ...tile, chartId: chartId(chart) },
      ),
      filters: file.filters.map((filter) => ({
        ...filter,
        bindings: filter.bindings.map((b) => ({ chartId: chartId(b.chart), field: b.field })),
      })),
    };
  };

  const existingOf = {
    dataset: account.datasets,
    chart: account.charts,
    dashboard: account.dashboards,
  };
  const paths = {
    dataset: '/api/v1/datasets',
    chart: '/api/v1/aicharts',
    dashboard: '/api/v1/dashboards',
  };
  for (const kind of kindOrder) {
    for (const { path, file } of files.filter((entry) => entry.file.kind === kind)) {
      const payload = payloadOf(path, file);
      const existing = existingOf[kind].find((record) => record.name === file.name);
      let outcome: Outcome;
      let id: number;
      if (!existing) {
        outcome = 'created';
        id = options.dryRun
          ? placeholder--
          : Number(((await request(server, 'POST', paths[kind], payload)) as Json).id);
      } else {
        id = Number(existing.id);
        // A key the file leaves out (translations) is left as it is, so not compared.
        const keys = Object.keys(payload).filter((key) => payload[key] !== undefined);
        const current = Object.fromEntries(keys.map((key) => [key, existing[key]]));
        outcome = canonical(current) === canonical(payload) ? 'unchanged' : 'changed';
        if (outcome === 'changed' && !options.dryRun) {
          await request(server, 'PUT', `${paths[kind]}/${id}`, payload);
        }
      }
      ids.set(`${kind}:${file.id}`, id);
      results.push({ path, outcome });
    }
  }
  return { dryRun: options.dryRun, results };
}
