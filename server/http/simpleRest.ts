import { badRequest } from '../errors';
import { parseFilterObject, type FilterKind } from './listFilter';

/*
 * The ra-data-simple-rest contract (docs/architecture.md §5), reusable by every resource:
 *
 *   const LIST: ListOptions = {
 *     columns: { id: 'users.id', fullName: 'users.full_name', ... }, // API field -> column
 *     sortable: ['id', 'fullName'], filterable: ['id', 'role'], searchable: ['fullName'],
 *   };
 *
 * A list route is a listRoute (listRoute.ts) with these options; parseListQuery answers 400
 * on a bad sort, range or filter. `filter.q` searches the `searchable` fields
 * (case-insensitive substring); an array value matches any of its items (getMany sends
 * `{ id: [1, 2] }`); other values match exactly, and must fit their column (listFilter.ts:
 * `id` and `…Id` fields take whole numbers).
 */

export interface ListOptions {
  /** API field name -> SQL column (qualified when the query joins). */
  columns: Record<string, string>;
  sortable: readonly string[];
  filterable: readonly string[];
  searchable?: readonly string[];
  /** What a filterable column holds, where its name does not say (listFilter.ts). */
  filterKinds?: Record<string, FilterKind>;
  /** Sort used when the request has none; defaults to id ascending. */
  defaultSort?: ListSort;
  /** Largest page a request may ask for. */
  maxPageSize?: number;
}

/** List columns whose API field and SQL column have the same name. */
export function sameNamedColumns(...names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, name]));
}

export interface ListSort {
  field: string;
  order: 'asc' | 'desc';
}

export type FilterValue = string | number | boolean | null;

export interface ListQuery {
  sort: ListSort;
  /** Inclusive row range, as ra-data-simple-rest sends it. */
  start: number;
  end: number;
  filters: Record<string, FilterValue | FilterValue[]>;
  search: string | null;
}

const DEFAULT_MAX_PAGE = 1000;

function parseJsonParam(name: string, raw: unknown): unknown {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw badRequest(`${name} must be given once, as JSON.`, name);
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest(`${name} is not valid JSON.`, name);
  }
}

function parseSort(raw: unknown, options: ListOptions): ListSort {
  const value = parseJsonParam('sort', raw);
  if (value === undefined) return options.defaultSort ?? { field: 'id', order: 'asc' };
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string') {
    throw badRequest('sort must be ["field","ASC"|"DESC"].', 'sort');
  }
  const [field, order] = value as [string, unknown];
  if (!options.sortable.includes(field)) {
    throw badRequest(
      `Cannot sort by "${field}"; sortable: ${options.sortable.join(', ')}.`,
      'sort',
    );
  }
  if (order !== 'ASC' && order !== 'DESC') {
    throw badRequest('sort order must be "ASC" or "DESC".', 'sort');
  }
  return { field, order: order === 'ASC' ? 'asc' : 'desc' };
}

function parseRange(raw: unknown, options: ListOptions): { start: number; end: number } {
  const max = options.maxPageSize ?? DEFAULT_MAX_PAGE;
  const value = parseJsonParam('range', raw);
  if (value === undefined) return { start: 0, end: max - 1 };
  // Safe integers only: 1e308 is an integer to JavaScript, and no database takes it as an offset.
  const valid =
    Array.isArray(value) &&
    value.length === 2 &&
    value.every((n) => Number.isSafeInteger(n) && n >= 0) &&
    value[1] >= value[0];
  if (!valid) {
    throw badRequest(
      `range must be [start, end]: whole numbers with 0 <= start <= end <= ${Number.MAX_SAFE_INTEGER}.`,
      'range',
    );
  }
  const [start, end] = value as [number, number];
  if (end - start + 1 > max) throw badRequest(`range may span at most ${max} rows.`, 'range');
  return { start, end };
}

function parseFilter(raw: unknown, options: ListOptions): Pick<ListQuery, 'filters' | 'search'> {
  const value = parseJsonParam('filter', raw);
  if (value === undefined) return { filters: {}, search: null };
  return parseFilterObject(value, options);
}

const checkedOptions = new WeakSet<ListOptions>();

/**
 * Every field a list sorts, filters or searches by needs its column; a missing one is the
 * route's mistake, refused on the list's first call rather than only when a search names it.
 */
function checkListOptions(options: ListOptions): void {
  if (checkedOptions.has(options)) return;
  const fields = [...options.sortable, ...options.filterable, ...(options.searchable ?? [])];
  const missing = fields.filter((field) => !Object.hasOwn(options.columns, field));
  if (missing.length) throw new Error(`List options lack a column for: ${missing.join(', ')}.`);
  checkedOptions.add(options);
}

/** Parses `sort`, `range` and `filter`; unknown fields or malformed JSON answer 400. */
export function parseListQuery(query: unknown, options: ListOptions): ListQuery {
  checkListOptions(options);
  const params = (query ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(params).filter((key) => !['sort', 'range', 'filter'].includes(key));
  if (unknown.length) {
    throw badRequest(`Unknown query parameter: ${unknown.join(', ')}.`, unknown[0]);
  }
  return {
    sort: parseSort(params.sort, options),
    ...parseRange(params.range, options),
    ...parseFilter(params.filter, options),
  };
}

/** `<resource> <first>-<last>/<total>`: the range actually returned, or `*` when empty. */
export function contentRange(resource: string, start: number, rows: number, total: number) {
  const range = rows > 0 ? `${start}-${start + rows - 1}` : '*';
  return `${resource} ${range}/${total}`;
}

/** The headers of a list answer (docs/architecture.md §5): its range and total, both readable by scripts. */
export function listHeaders(contentRange: string, total: string): Record<string, string> {
  return {
    'content-range': contentRange,
    'x-total-count': total,
    'access-control-expose-headers': 'Content-Range, X-Total-Count',
  };
}

/** The numeric `{id}` route parameter; anything else answers 400. */
export function parseId(params: unknown): number {
  const raw = (params as { id?: string } | undefined)?.id;
  const id = Number(raw);
  if (!raw || !/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id < 1) {
    throw badRequest('id must be a positive integer.', 'id');
  }
  return id;
}
