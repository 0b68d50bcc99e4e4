// The cluster's ClickHouse in the product: tenant acme gets, through the API as its admin, a
// ClickHouse data source on the first shard (its Distributed table answers for both shards)
// and a dataset over the Distributed flights table, so its users chart flights on ClickHouse.
// Done again on every start: the source's host, port and password follow the cluster's.
import { DEMO_DATABASE, DISTRIBUTED_TABLE } from './clickhouseShards.mjs';

export const CLICKHOUSE_SOURCE_NAME = 'Flights on ClickHouse (2 shards)';
export const CLICKHOUSE_DATASET_NAME = 'Flights on ClickHouse';

const FIELDS = [
  { name: 'date', label: 'Date', type: 'date', role: 'time', synonyms: ['day', 'when'] },
  {
    name: 'delay',
    label: 'Delay (minutes)',
    type: 'number',
    role: 'measure',
    synonyms: ['late', 'lateness', 'delays'],
    goodDirection: 'down',
  },
  {
    name: 'distance',
    label: 'Distance (miles)',
    type: 'number',
    role: 'measure',
    synonyms: ['miles', 'length'],
  },
  {
    name: 'origin',
    label: 'Origin airport',
    type: 'string',
    role: 'dimension',
    synonyms: ['from', 'departure'],
  },
  {
    name: 'destination',
    label: 'Destination airport',
    type: 'string',
    role: 'dimension',
    synonyms: ['to', 'arrival'],
  },
];

async function call(base, headers, method, path, body) {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
  return JSON.parse(text);
}

/**
 * Registers (or updates) acme's ClickHouse source on `httpPort` (`database`, the cluster's demo
 * by default) and its dataset over the table `flights`,
 * through the API at `base` signed in as acme's admin; answers `{ sourceId, datasetId }`.
 */
export async function registerClickhouseSource(
  base,
  { password, httpPort, readerPassword, database = DEMO_DATABASE },
) {
  const site = { site: 'acme' };
  const { token } = await call(base, site, 'POST', '/api/v1/login', {
    username: 'admin',
    password,
  });
  const headers = { ...site, authorization: `Bearer ${token}` };
  const all = `?range=${encodeURIComponent('[0,999]')}`;
  const source = {
    name: CLICKHOUSE_SOURCE_NAME,
    type: 'clickhouse',
    config: {
      host: '127.0.0.1',
      port: httpPort,
      database,
      user: 'brandboard_reader',
      password: readerPassword,
    },
  };
  const sources = await call(base, headers, 'GET', `/api/v1/datasources${all}`);
  const found = sources.find((existing) => existing.name === CLICKHOUSE_SOURCE_NAME);
  const { id: sourceId } = found
    ? await call(base, headers, 'PUT', `/api/v1/datasources/${found.id}`, source)
    : await call(base, headers, 'POST', '/api/v1/datasources', source);

  const datasets = await call(base, headers, 'GET', `/api/v1/datasets${all}`);
  const dataset = datasets.find(
    (existing) => existing.name === CLICKHOUSE_DATASET_NAME && existing.sourceId === sourceId,
  );
  const { id: datasetId } =
    dataset ??
    (await call(base, headers, 'POST', '/api/v1/datasets', {
      sourceId,
      name: CLICKHOUSE_DATASET_NAME,
      description: 'The 3 million demo flights in ClickHouse: a Distributed table over two shards.',
      table: DISTRIBUTED_TABLE,
      fields: FIELDS,
    }));
  return { sourceId, datasetId };
}
