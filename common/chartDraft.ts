import {
  measureKey,
  type DatasetField,
  type FieldType,
  type FilterOp,
  type QueryDimension,
  type QueryFilter,
  type QueryColumn,
  type QueryMeasure,
  type QuerySort,
  type SemanticQuery,
} from './analytics';
import type { ChartEncoding, ChartOptions, ChartSpec, ChartType } from './charts';

// The chart builder's state and its translation to and from a ChartSpec. Pure functions shared
// by the web app and the server: the builder (useChartDraft) and the question parser
// (model/nl) fill the same draft.

export interface ChartDraft {
  datasetId: number | null;
  type: ChartType;
  title: string;
  dimensions: QueryDimension[];
  measures: QueryMeasure[];
  /** a second dimension whose values become separate series */
  series: QueryDimension | null;
  filters: QueryFilter[];
  sort: QuerySort[];
  limit?: number;
  options: ChartOptions;
}

export const DEFAULT_LIMIT = 1000;

/** A new draft; colours stay unset so the chart takes the tenant's brand palette. */
export function emptyDraft(): ChartDraft {
  return {
    datasetId: null,
    type: 'column',
    title: '',
    dimensions: [],
    measures: [],
    series: null,
    filters: [],
    sort: [],
    limit: DEFAULT_LIMIT,
    options: { legend: 'bottom' },
  };
}

/** Operators that take no value. */
const VALUELESS: FilterOp[] = ['is null', 'is not null'];

const OPS_BY_TYPE: Record<FieldType, FilterOp[]> = {
  string: ['=', '!=', 'in', 'not in', 'contains', 'starts with', 'is null', 'is not null'],
  number: ['=', '!=', 'in', 'not in', '<', '<=', '>', '>=', 'between', 'is null', 'is not null'],
  date: ['=', '<', '<=', '>', '>=', 'between', 'relative', 'is null', 'is not null'],
  boolean: ['=', '!=', 'is null', 'is not null'],
};

/** The filter operators that make sense for a field's type. */
export function filterOpsFor(type: FieldType): FilterOp[] {
  return OPS_BY_TYPE[type];
}

export function opTakesValue(op: FilterOp): boolean {
  return !VALUELESS.includes(op);
}

/** A filter the query can run: valueless operators, or a value that is filled in. */
export function isCompleteFilter(filter: QueryFilter): boolean {
  if (!opTakesValue(filter.op)) return true;
  const { value } = filter;
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) {
    if (filter.op === 'between') return value.length === 2 && value.every((v) => v !== '');
    return value.length > 0;
  }
  return true;
}

/** The new dimension for a field: time fields by month, numbers binned only when asked. */
export function dimensionFor(field: DatasetField): QueryDimension {
  return field.type === 'date' ? { field: field.name, grain: 'month' } : { field: field.name };
}

/** The new measure for a field: sums of numbers, distinct counts of anything else. */
export function measureFor(field: DatasetField | null): QueryMeasure {
  if (!field) return { field: '*', agg: 'count' };
  return field.type === 'number'
    ? { field: field.name, agg: 'sum' }
    : { field: field.name, agg: 'count_distinct' };
}

/** A new filter waits for its value: dates ask for a range, everything else for one value. */
export function newFilterFor(field: DatasetField): QueryFilter {
  return field.type === 'date'
    ? { field: field.name, op: 'between', value: ['', ''] }
    : { field: field.name, op: '=', value: '' };
}

/** The columns a sort may name: dimension fields and measure keys. */
function sortKeys(draft: ChartDraft): string[] {
  const dimensions = [...draft.dimensions, ...(draft.series ? [draft.series] : [])];
  return [...dimensions.map((d) => d.field), ...draft.measures.map(measureKey)];
}

/** The draft's semantic query, or null while there is nothing to ask. */
export function draftQuery(draft: ChartDraft): SemanticQuery | null {
  if (draft.datasetId === null) return null;
  if (draft.dimensions.length === 0 && draft.measures.length === 0) return null;
  const keys = sortKeys(draft);
  return {
    datasetId: draft.datasetId,
    dimensions: [...draft.dimensions, ...(draft.series ? [draft.series] : [])],
    measures: draft.measures,
    filters: draft.filters.filter(isCompleteFilter),
    sort: draft.sort.filter((sort) => keys.includes(sort.key)),
    ...(draft.limit ? { limit: draft.limit } : {}),
  };
}

/**
 * A scatter's axes: two measures aggregated per value of the first dimension (which colours
 * the points), or raw points (the question parser's "horsepower vs weight by origin"): the
 * first dimension on x, the next dimension or the measure on y, the dimension after colours.
 */
function scatterEncoding(draft: ChartDraft, keys: string[]): ChartEncoding {
  const fields = draft.dimensions.map((dimension) => dimension.field);
  if (keys.length >= 2) {
    return {
      x: keys[0],
      y: keys.slice(1, 2),
      ...(fields[0] ? { color: fields[0] } : {}),
      ...(keys[2] ? { size: keys[2] } : {}),
    };
  }
  const [x, ...rest] = fields;
  const y = keys[0] ?? rest.shift();
  const color = draft.series?.field ?? rest[0];
  return {
    ...(x ? { x } : {}),
    y: y ? [y] : [],
    ...(color ? { color } : {}),
  };
}

/** Which result columns play which part, by chart type (ChartEncoding in model/charts). */
export function draftEncoding(draft: ChartDraft): ChartEncoding {
  const keys = draft.measures.map(measureKey);
  const x = draft.dimensions[0]?.field;
  const series = draft.series?.field ?? draft.dimensions[1]?.field;
  switch (draft.type) {
    case 'scatter':
      return scatterEncoding(draft, keys);
    case 'pie':
    case 'donut':
    case 'histogram':
    case 'kpi':
    case 'regionMap':
      return { ...(x ? { x } : {}), y: keys.slice(0, 1) };
    // a point map finds its latitude and longitude among the dimensions (pointMap.ts)
    case 'table':
    case 'pointMap':
      return { y: keys };
    default:
      return { ...(x ? { x } : {}), y: keys, ...(series ? { series } : {}) };
  }
}

export function draftToSpec(draft: ChartDraft): ChartSpec | null {
  const query = draftQuery(draft);
  if (!query) return null;
  return {
    type: draft.type,
    title: draft.title,
    query,
    encoding: draftEncoding(draft),
    options: draft.options,
  };
}

/** A saved spec back into builder state: the dimension named as series leaves the x list. */
export function specToDraft(spec: ChartSpec): ChartDraft {
  const seriesField = spec.encoding.series;
  const seriesIndex = seriesField
    ? spec.query.dimensions.findIndex((d) => d.field === seriesField && d.field !== spec.encoding.x)
    : -1;
  return {
    datasetId: spec.query.datasetId,
    type: spec.type,
    title: spec.title,
    dimensions: spec.query.dimensions.filter((_, index) => index !== seriesIndex),
    measures: spec.query.measures,
    series: seriesIndex >= 0 ? spec.query.dimensions[seriesIndex] : null,
    filters: spec.query.filters,
    sort: spec.query.sort,
    limit: spec.query.limit,
    options: spec.options,
  };
}

/**
 * A chart of rows already fetched (the explorer's SQL, drawn before anything is saved): no
 * query of its own, so the renderer takes the result's number columns as measures and the
 * others as dimensions (the first on x, the next as series).
 */
export function resultSpec(draft: ChartDraft): ChartSpec {
  return {
    type: draft.type,
    title: draft.title,
    query: { datasetId: 0, dimensions: [], measures: [], filters: [], sort: [] },
    encoding: {},
    options: draft.options,
  };
}

/**
 * The draft that charts a result's columns once they are a dataset: the other columns as
 * dimensions (a second one as series), the sums of the number columns (a row count when none).
 */
export function draftOverColumns(
  draft: ChartDraft,
  datasetId: number,
  columns: QueryColumn[],
): ChartDraft {
  const numbers = columns.filter((column) => column.type === 'number');
  const others = columns.filter((column) => column.type !== 'number');
  const [x, series] = others;
  return {
    ...draft,
    datasetId,
    dimensions: x ? [{ field: x.name }] : [],
    series: series ? { field: series.name } : null,
    measures: numbers.length
      ? numbers.map((column) => ({ field: column.name, agg: 'sum' as const }))
      : [measureFor(null)],
    filters: [],
    sort: [],
  };
}
