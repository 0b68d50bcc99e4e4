import { badRequest } from '../errors';
import type { FilterValue, ListOptions, ListQuery } from './simpleRest';

// The `filter` parameter of a list call: `q` searches, every other key matches a column
// exactly (a list of values matches any of them). Each value is checked against what its
// column holds, so no database is asked to compare an integer column with "x" or 1e308
// (PostgreSQL refuses such a query; the client gets a 400 naming the filter instead).

/** What a filterable column holds: ids (whole numbers), 0/1 flags, or text. */
export type FilterKind = 'id' | 'flag' | 'text';

const FLAG_FIELDS = new Set(['active', 'published']);

/** The kind the list declares, else by name: `id` and `…Id` are ids, active/published flags. */
function filterKindOf(field: string, options: ListOptions): FilterKind {
  const declared = options.filterKinds?.[field];
  if (declared) return declared;
  if (field === 'id' || field.endsWith('Id')) return 'id';
  return FLAG_FIELDS.has(field) ? 'flag' : 'text';
}

const NUL = '\u0000';
const DIGITS = /^\d{1,15}$/;

/** The value as its column compares it, or undefined when it cannot be one. */
function columnValue(kind: FilterKind, value: unknown): FilterValue | undefined {
  if (value === null) return null;
  if (kind === 'id') {
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
    if (typeof value === 'string' && DIGITS.test(value)) return Number(value);
    return undefined;
  }
  if (kind === 'flag')
    return [true, false, 0, 1].includes(value as never) ? (value as FilterValue) : undefined;
  if (typeof value === 'string') return value.includes(NUL) ? undefined : value;
  if (typeof value === 'boolean') return value;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

const KIND_WORDS: Record<FilterKind, string> = {
  id: 'an id (a whole number)',
  flag: 'true or false',
  text: 'a text or a number',
};

function parseFilterValue(field: string, kind: FilterKind, value: unknown) {
  const items = Array.isArray(value) ? value : [value];
  const parsed = items.map((item) => columnValue(kind, item));
  if (parsed.some((item) => item === undefined)) {
    throw badRequest(`filter.${field} must be ${KIND_WORDS[kind]}, or a list of them.`, 'filter');
  }
  return Array.isArray(value) ? (parsed as FilterValue[]) : (parsed[0] as FilterValue);
}

function parseSearch(value: unknown): string | null {
  if (typeof value !== 'string' || value.includes(NUL)) {
    throw badRequest('filter.q must be a text (without NUL characters).', 'filter');
  }
  return value.trim() || null;
}

export function parseFilterObject(
  value: unknown,
  options: ListOptions,
): Pick<ListQuery, 'filters' | 'search'> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('filter must be a JSON object.', 'filter');
  }
  const filters: ListQuery['filters'] = {};
  let search: string | null = null;
  for (const [field, fieldValue] of Object.entries(value)) {
    if (field === 'q' && options.searchable?.length) {
      search = parseSearch(fieldValue);
      continue;
    }
    if (!options.filterable.includes(field)) {
      const allowed = [...options.filterable, ...(options.searchable?.length ? ['q'] : [])];
      throw badRequest(`Cannot filter by "${field}"; filterable: ${allowed.join(', ')}.`, 'filter');
    }
    filters[field] = parseFilterValue(field, filterKindOf(field, options), fieldValue);
  }
  return { filters, search };
}
