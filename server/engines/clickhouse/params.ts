import { clickhouseCode } from './code';

// Bound values on ClickHouse. The compiler writes typed placeholders, `{p1:Int64}`, which
// current servers (20.1 and later; they came in the 19 series) fill from the HTTP request's
// `param_p1`, never reading the value as SQL. Older servers (Debian's 18.16) have no query
// parameters: there each placeholder is replaced by a literal of its type, the value escaped
// as ClickHouse reads string literals (backslash and quote escaped), so a value is still never
// code. Placeholders are only looked for in code, not inside literals, names or comments.

type ClickhouseParamType = 'Int64' | 'Float64' | 'String';

/** The type a bound value is sent as: whole numbers Int64, other numbers Float64, text String. */
function paramType(value: unknown): ClickhouseParamType {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? 'Int64' : 'Float64';
  return 'String';
}

/** The placeholder of the n-th (1-based) bound value. */
export function clickhousePlaceholder(index: number, value: unknown): string {
  return `{p${index}:${paramType(value)}}`;
}

/** `text` as a ClickHouse string literal. */
export function stringLiteral(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function literalOf(value: unknown, type: string): string {
  if (type === 'Int64' || type === 'Float64') {
    const number = Number(value);
    if (!Number.isFinite(number)) throw new Error(`Bound value ${String(value)} is no ${type}.`);
    return `to${type}(${String(number)})`;
  }
  return stringLiteral(value === null || value === undefined ? '' : String(value));
}

/** The values as the HTTP request's query parameters: { p1: …, p2: … }. */
export function queryParams(params: unknown[]): Record<string, unknown> {
  return Object.fromEntries(params.map((value, index) => [`p${index + 1}`, value]));
}

const PLACEHOLDER = /\{p(\d+):(Int64|Float64|String)\}/g;

/** `sql` with each placeholder in code replaced by its value as a literal (servers before 19). */
export function inlineParams(sql: string, params: unknown[]): string {
  const code = clickhouseCode(sql).keywords;
  let out = '';
  let last = 0;
  for (const match of code.matchAll(PLACEHOLDER)) {
    const index = Number(match[1]) - 1;
    if (index >= params.length) throw new Error(`No value is bound to placeholder ${match[0]}.`);
    out += sql.slice(last, match.index) + literalOf(params[index], match[2]);
    last = match.index + match[0].length;
  }
  return out + sql.slice(last);
}
