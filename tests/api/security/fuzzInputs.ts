// The malformed inputs of the request fuzz (malformedRequests.test.ts): path parameters that
// are not ids, list query strings, bodies of the wrong shape, wrong fields, broken multipart.

/** What one fuzz request sends besides the route's method and signed-in caller. */
export interface FuzzInput {
  /** Short name shown when the answer is a 5xx. */
  label: string;
  /** Replaces the route's parameters; unset ones get the route's usual value. */
  params?: Record<string, string>;
  query?: string;
  body?: string;
  contentType?: string;
}

/** Path parameter values that are not ids (raw, already URL-encoded where needed). */
export const BAD_PATH_VALUES = [
  'abc',
  '-1',
  '1e308',
  '9007199254740993',
  '0x10',
  '%00',
  '%ZZ',
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(4000),
];

const q = (name: string, value: string) => `${name}=${encodeURIComponent(value)}`;

/** List query strings: malformed range, sort and filter, and parameters no list knows. */
export const BAD_LIST_QUERIES = [
  q('range', '[1e308,1e308]'),
  q('range', '[9007199254740993,9007199254740994]'),
  q('range', '[-1,5]'),
  q('range', '[5,1]'),
  q('range', '["a"]'),
  q('range', '{}'),
  'range=not-json',
  `${q('range', '[0,1]')}&${q('range', '[0,2]')}`,
  q('sort', '["nope","ASC"]'),
  q('sort', '["id","SIDEWAYS"]'),
  q('sort', '{}'),
  'sort=%7B',
  q('filter', '{"q":{}}'),
  q('filter', '{"q":["x"]}'),
  q('filter', '{"q":"x"}'),
  q('filter', '{"q":"a\\u0000b"}'),
  q('filter', `{"q":"${'%_\\\\'.repeat(50)}"}`),
  q('filter', '{"unknownField":1}'),
  q('filter', '{"id":{"a":1}}'),
  q('filter', '{"id":"x"}'),
  q('filter', '{"id":[1e308,"x",null,true]}'),
  q('filter', '{"id":[]}'),
  q('filter', '[]'),
  'filter=%7Bnot json',
  q('filter', `{"q":"${'x'.repeat(6000)}"}`),
  'range=%00',
  'unknownParam=1',
  '__proto__=1',
];

const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** JSON bodies of the wrong kind, a wrong content type and an oversize body. */
export const BAD_BODIES: FuzzInput[] = [
  { label: 'malformed JSON', body: '{"a":', contentType: 'application/json' },
  { label: 'JSON array', body: '[1,2,3]', contentType: 'application/json' },
  { label: 'JSON string', body: '"text"', contentType: 'application/json' },
  { label: 'JSON null', body: 'null', contentType: 'application/json' },
  { label: 'deeply nested', body: nested(5000), contentType: 'application/json' },
  { label: 'empty object', body: '{}', contentType: 'application/json' },
  {
    label: 'prototype keys',
    body: '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}',
    contentType: 'application/json',
  },
  {
    label: 'unknown fields',
    body: JSON.stringify({ unknownField: 1, another: 'x' }),
    contentType: 'application/json',
  },
  { label: 'text/plain body', body: '{"name":"x"}', contentType: 'text/plain' },
  {
    label: 'form-urlencoded body',
    body: 'a=1&b=2',
    contentType: 'application/x-www-form-urlencoded',
  },
  {
    label: 'oversize body',
    body: JSON.stringify({ name: 'x'.repeat(300 * 1024) }),
    contentType: 'application/json',
  },
];

const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';
const part = (name: string, value: string, filename?: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"` +
  (filename ? `; filename="${filename}"\r\nContent-Type: application/octet-stream` : '') +
  `\r\n\r\n${value}\r\n`;

/** Multipart bodies that are truncated, with a wrong or missing boundary, or without parts. */
export const BAD_MULTIPARTS: FuzzInput[] = [
  {
    label: 'multipart truncated',
    body:
      part('name', 'x') +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\na,b\n1,`,
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  },
  {
    label: 'multipart truncated field',
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAcme Wid`,
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  },
  {
    label: 'multipart wrong boundary',
    body: part('name', 'x') + `--${BOUNDARY}--\r\n`,
    contentType: 'multipart/form-data; boundary=somethingElse',
  },
  {
    label: 'multipart missing boundary',
    body: part('name', 'x') + `--${BOUNDARY}--\r\n`,
    contentType: 'multipart/form-data',
  },
  {
    label: 'multipart empty boundary',
    body: part('name', 'x') + `--${BOUNDARY}--\r\n`,
    contentType: 'multipart/form-data; boundary=',
  },
  {
    label: 'multipart boundary too long',
    body: part('name', 'x') + `--${BOUNDARY}--\r\n`,
    contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`,
  },
  {
    label: 'multipart no parts',
    body: `--${BOUNDARY}--\r\n`,
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  },
  {
    label: 'multipart garbage',
    body: 'not multipart at all',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  },
  {
    label: 'multipart unknown fields and a file',
    body:
      part('unknown', 'x') +
      part('logo', 'not an image', 'x.png') +
      part('file', 'a', '../../x.csv') +
      `--${BOUNDARY}--\r\n`,
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  },
  {
    label: 'multipart NUL in a field',
    body: part('name', 'a\u0000b') + `--${BOUNDARY}--\r\n`,
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  },
  {
    label: 'multipart prototype field',
    body: part('__proto__', 'x') + `--${BOUNDARY}--\r\n`,
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  },
];

const deepArray = '['.repeat(2000) + ']'.repeat(2000);

/** Values of the wrong type (or a NUL in a text) for a field whose usual value is `value`. */
export function wrongValuesFor(value: unknown): unknown[] {
  if (typeof value === 'string') return [{ a: [1] }, 'a\u0000b'];
  if (typeof value === 'number') return ['abc', 1e308];
  if (typeof value === 'boolean') return ['yes'];
  if (Array.isArray(value)) return [JSON.parse(deepArray)];
  if (value && typeof value === 'object') return [JSON.parse(nested(200))];
  return [1, { a: 1 }];
}

/** Field names tried on routes whose usual body the fuzz cannot learn from a list. */
export const COMMON_FIELDS: Record<string, unknown> = {
  id: 1,
  name: 'x',
  username: 'x',
  password: 'x',
  email: 'x',
  site: 'x',
  token: 'x',
  sql: 'x',
  title: 'x',
  datasetId: 1,
  dashboardId: 1,
  answers: {},
  filters: [],
  question: 'x',
};

/** Every text field of `record` long (past any sensible limit, within the body limit). */
export function withLongTexts(record: Record<string, unknown>): Record<string, unknown> {
  const texts = Object.entries(record).filter(([, value]) => typeof value === 'string');
  const length = Math.floor((80 * 1024) / Math.max(1, texts.length));
  return { ...record, ...Object.fromEntries(texts.map(([name]) => [name, 'x'.repeat(length)])) };
}
