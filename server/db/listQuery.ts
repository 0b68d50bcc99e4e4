import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Database } from './schema';
import { bindSlots, compiledTemplate, Slot, slotsProxy, type SlotValues } from './queryTemplates';
import type { FilterValue, ListOptions, ListQuery } from '../http/simpleRest';

// The query of a simple-rest list call: the caller's base (what the user may see) with the
// request's filters, search, sort and page, and the number of matching rows. Compiled once
// per shape (queryTemplates.ts); each request binds its values.

/**
 * What a list reads. `base` builds the select from `values` (account id, site …), which it
 * may only bind as values: it is called with Slots in their place. Its control flow may only
 * depend on `variant`, which names the shape it builds ("own" or "all", say).
 */
interface ListSource<DB, TB extends keyof DB, O> {
  name: string;
  variant?: string;
  values?: SlotValues;
  base: (values: SlotValues) => SelectQueryBuilder<DB, TB, O>;
}

/**
 * A list whose rows depend on who asks: the whole of it (`whole`, for a role that sees
 * everything) or the caller's own part. `base` builds either shape from the caller's values.
 */
export function runScopedListQuery<DB, TB extends keyof DB, O>(
  db: Kysely<DB>,
  name: string,
  scope: { whole: boolean; values: SlotValues },
  base: (whole: boolean, values: SlotValues) => SelectQueryBuilder<DB, TB, O>,
  list: ListQuery,
  options: ListOptions,
): Promise<{ rows: O[]; total: number }> {
  const { whole, values } = scope;
  const source = {
    name,
    variant: whole ? 'all' : 'own',
    values,
    base: (slots: SlotValues) => base(whole, slots),
  };
  return runListQuery(db, source, list, options);
}

/** Booleans are stored as 0/1. */
const toColumnValue = (value: FilterValue) => (typeof value === 'boolean' ? Number(value) : value);

type Condition =
  | { column: string; test: 'in'; slots: string[] }
  | { column: string; test: 'is null' }
  | { column: string; test: '='; slot: string };

/** The request's part of the query: its conditions by slot name, and the slots' values. */
interface ListParts {
  conditions: Condition[];
  searchColumns: string[];
  values: SlotValues;
  /** everything of the request that changes the SQL text */
  shape: string;
}

function listParts(list: ListQuery, options: ListOptions): ListParts {
  const values: SlotValues = {};
  const conditions = Object.entries(list.filters).map(([field, value]): Condition => {
    const column = options.columns[field];
    if (Array.isArray(value)) {
      const slots = value.map((item, index) => {
        values[`filter.${field}.${index}`] = toColumnValue(item);
        return `filter.${field}.${index}`;
      });
      return { column, test: 'in', slots };
    }
    if (value === null) return { column, test: 'is null' };
    values[`filter.${field}`] = toColumnValue(value);
    return { column, test: '=', slot: `filter.${field}` };
  });
  const searchColumns = list.search
    ? (options.searchable ?? []).map((f) => options.columns[f])
    : [];
  if (list.search) {
    values.search = `%${list.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  }
  values.limit = list.end - list.start + 1;
  values.offset = list.start;
  const shape = JSON.stringify([
    conditions.map((c) => [c.column, c.test, c.test === 'in' ? c.slots.length : 0]),
    searchColumns,
    list.sort.field,
    list.sort.order,
  ]);
  return { conditions, searchColumns, values, shape };
}

function withConditions<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  parts: ListParts,
): SelectQueryBuilder<DB, TB, O> {
  let query = base;
  for (const condition of parts.conditions) {
    const column = sql.ref(condition.column);
    if (condition.test === 'in') {
      const items = condition.slots.map((name) => new Slot(name));
      query = query.where(sql<boolean>`${column} in (${sql.join(items)})`);
    } else if (condition.test === 'is null') {
      query = query.where(sql<boolean>`${column} is null`);
    } else {
      query = query.where(sql<boolean>`${column} = ${new Slot(condition.slot)}`);
    }
  }
  if (parts.searchColumns.length > 0) {
    const pattern = new Slot('search');
    const matches = parts.searchColumns.map(
      (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
    );
    query = query.where(sql<boolean>`(${sql.join(matches, sql` or `)})`);
  }
  return query;
}

/**
 * The page and the number of matching rows come from one query (a window count). The column
 * is the rows' last, so deleting it leaves V8's fast object shape.
 */
const TOTAL_COLUMN = '__list_total';

export async function runListQuery<DB, TB extends keyof DB, O>(
  db: Kysely<DB>,
  source: ListSource<DB, TB, O>,
  list: ListQuery,
  options: ListOptions,
): Promise<{ rows: O[]; total: number }> {
  if (Object.values(list.filters).some((value) => Array.isArray(value) && value.length === 0)) {
    return { rows: [], total: 0 };
  }
  const parts = listParts(list, options);
  const values = { ...source.values, ...parts.values };
  const key = `${source.name}|${source.variant ?? ''}|${parts.shape}`;
  const direction = list.sort.order === 'asc' ? sql`asc` : sql`desc`;
  const pageTemplate = compiledTemplate(db as Kysely<unknown>, `page|${key}`, () =>
    withConditions(source.base(slotsProxy()), parts)
      .select(sql<number | string>`count(*) over ()`.as(TOTAL_COLUMN))
      .orderBy(sql`${sql.ref(options.columns[list.sort.field])} ${direction}`)
      .orderBy(sql`${sql.ref(options.columns.id)} asc`)
      .limit(new Slot('limit') as unknown as number)
      .offset(new Slot('offset') as unknown as number),
  );
  const page = (await db.executeQuery(bindSlots(pageTemplate, values))).rows as O[];
  if (page.length > 0) {
    const total = Number((page[0] as Record<string, unknown>)[TOTAL_COLUMN]);
    for (const row of page) delete (row as Record<string, unknown>)[TOTAL_COLUMN];
    return { rows: page, total };
  }
  // An empty page: nothing matches, or the page starts past the last row.
  if (list.start === 0) return { rows: [], total: 0 };
  const countTemplate = compiledTemplate(db as Kysely<unknown>, `count|${key}`, () =>
    withConditions(source.base(slotsProxy()), parts)
      .clearSelect()
      .select(sql<number | string>`count(*)`.as('total')),
  );
  const counted = (await db.executeQuery(bindSlots(countTemplate, values))).rows[0];
  return { rows: [], total: Number((counted as { total?: number | string })?.total ?? 0) };
}

/** The tables whose rows belong to one account through their `account_id` column. */
type AccountTable = 'charts' | 'dashboards' | 'data_sources' | 'datasets';

/** The account's rows of `table`, filtered, sorted and paged as the list call asks. */
export function runAccountListQuery<T extends AccountTable>(
  db: Kysely<Database>,
  table: T,
  accountId: number,
  list: ListQuery,
  options: ListOptions,
): Promise<{ rows: Selectable<Database[T]>[]; total: number }> {
  // The union of tables is too wide for Kysely's builder types: one table's view of it.
  const tables = db as unknown as Kysely<Record<AccountTable, { account_id: number }>>;
  const source = {
    name: table,
    values: { accountId },
    base: (values: SlotValues) =>
      tables
        .selectFrom(table as AccountTable)
        .selectAll()
        .where('account_id', '=', values.accountId as number),
  };
  return runListQuery(tables, source, list, options) as Promise<{
    rows: Selectable<Database[T]>[];
    total: number;
  }>;
}
