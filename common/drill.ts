import type {
  Dataset,
  DatasetField,
  QueryDimension,
  QueryFilter,
  SemanticQuery,
  TimeGrain,
} from './analytics';
import type { DrillStep } from './api/drill';
import type { ChartSpec, DateFormat } from './charts';

// Going deeper from a chart (docs/architecture.md §6): the next level of a clicked value's
// hierarchy, the filters that made a number, and a chart's query after a path of drill steps.
// Pure and shared: the web app builds the steps, the server replays a share link's.

export type { DrillStep };

/** What drilling needs to know of a dataset: its fields and its declared paths. */
export interface DrillContext {
  fields: Pick<DatasetField, 'name' | 'label' | 'type' | 'role'>[];
  /** chains of field names, coarse to fine (country -> state -> city) */
  paths: string[][];
}

/**
 * The drill context of a dataset as a link or an embed is told it: only the fields its
 * charts show and its paths name (a link shows figures, not the dataset's whole make-up).
 */
export function drillContextOf(
  dataset: Pick<Dataset, 'fields' | 'drillPaths'>,
  shownFields?: ReadonlySet<string>,
): DrillContext {
  const paths = dataset.drillPaths ?? [];
  const named = new Set(paths.flat());
  const fields = dataset.fields
    .filter((field) => !shownFields || shownFields.has(field.name) || named.has(field.name))
    .map(({ name, label, type, role }) => ({ name, label, type, role }));
  return { fields, paths };
}

/** A value clicked in a chart: its field, raw value, and its time bucket's grain. */
export interface ClickedValue {
  field: string;
  value: string | number | boolean | null;
  grain?: TimeGrain;
  /** the width of a numeric bin the value starts */
  bin?: number;
}

/** The date hierarchy every date field has: year -> quarter -> month -> day (a week -> day). */
const FINER_GRAIN: Partial<Record<TimeGrain, TimeGrain>> = {
  year: 'quarter',
  quarter: 'month',
  month: 'day',
  week: 'day',
};

const MONTHS_PER: Partial<Record<TimeGrain, number>> = { month: 1, quarter: 3, year: 12 };

/** The exclusive end of the time bucket starting at `start` (an ISO date or timestamp). */
export function bucketEnd(start: string, grain: TimeGrain): string {
  const date = new Date(start.length === 10 ? `${start}T00:00:00Z` : start);
  const months = MONTHS_PER[grain];
  if (months) date.setUTCMonth(date.getUTCMonth() + months);
  else date.setUTCDate(date.getUTCDate() + (grain === 'week' ? 7 : 1));
  return date.toISOString().slice(0, 10);
}

/** The filters that keep the rows of one clicked value: a time bucket becomes a range. */
export function filtersOfValue(clicked: ClickedValue): QueryFilter[] {
  const { field, value, grain, bin } = clicked;
  if (value === null) return [{ field, op: 'is null' }];
  if (bin && typeof value === 'number') {
    return [
      { field, op: '>=', value },
      { field, op: '<', value: value + bin },
    ];
  }
  if (grain && typeof value === 'string') {
    return [
      { field, op: '>=', value: value.slice(0, 10) },
      { field, op: '<', value: bucketEnd(value, grain) },
    ];
  }
  return [{ field, op: '=', value }];
}

function fieldOf(context: DrillContext, name: string) {
  return context.fields.find((field) => field.name === name);
}

/** A field shown for the first time: dates by year (the top of their hierarchy). */
export function firstLevelOf(field: Pick<DatasetField, 'name' | 'type'>): QueryDimension {
  return field.type === 'date' ? { field: field.name, grain: 'year' } : { field: field.name };
}

/** A dimension as breaking out by its field shows it: dates by month. */
export function breakOutLevelOf(field: Pick<DatasetField, 'name' | 'type'>): QueryDimension {
  return field.type === 'date' ? { field: field.name, grain: 'month' } : { field: field.name };
}

/**
 * The level below `dimension`: a finer grain of a date, else the next field of a declared
 * path holding it; null at the bottom (a day, a field in no path, whole years as numbers).
 */
export function nextLevel(dimension: QueryDimension, context: DrillContext): QueryDimension | null {
  const field = fieldOf(context, dimension.field);
  if (!field) return null;
  if (field.type === 'date' && dimension.grain) {
    const finer = FINER_GRAIN[dimension.grain];
    return finer ? { field: field.name, grain: finer } : null;
  }
  for (const path of context.paths) {
    const at = path.indexOf(field.name);
    const below = at >= 0 ? fieldOf(context, path[at + 1] ?? '') : undefined;
    if (below) return firstLevelOf(below);
  }
  return null;
}

/** The step that drills into `clicked` with the dimension `dimension` shows it by. */
export function drillStep(
  dimension: QueryDimension,
  clicked: Pick<ClickedValue, 'field' | 'value'>,
  to: QueryDimension,
): DrillStep {
  return {
    field: clicked.field,
    value: clicked.value,
    ...(dimension.grain ? { grain: dimension.grain } : {}),
    to,
  };
}

/** The query after one step: the clicked value kept, its dimension shown at the next level. */
function queryAfterStep(query: SemanticQuery, step: DrillStep): SemanticQuery {
  const index = query.dimensions.findIndex((dimension) => dimension.field === step.field);
  if (index < 0) throw new DrillError(`"${step.field}" is not a dimension of the chart.`);
  const dimensions = query.dimensions.map((dimension, at) => (at === index ? step.to : dimension));
  const shown = new Set(dimensions.map((dimension) => dimension.field));
  if (shown.size < dimensions.length) {
    // The level below is already another dimension of the chart: show it once.
    dimensions.splice(index, 1);
  }
  const fieldChanged = step.to.field !== step.field;
  return {
    ...query,
    dimensions,
    filters: [...query.filters, ...filtersOfValue(step)],
    sort: fieldChanged ? query.sort.filter((sort) => sort.key !== step.field) : query.sort,
  };
}

/** A drill path a chart's query cannot take. */
export class DrillError extends Error {}

/** A chart's query after the steps of a drill path, in order. */
export function drilledQuery(query: SemanticQuery, steps: DrillStep[]): SemanticQuery {
  return steps.reduce(queryAfterStep, query);
}

/**
 * Checks that each step goes one level down a hierarchy of the dataset (what a share link or
 * an embed may do); `breakOut` also allows any field of the dataset (signed-in users).
 */
export function checkDrillPath(
  query: SemanticQuery,
  steps: DrillStep[],
  context: DrillContext,
  breakOut = false,
): void {
  let current = query;
  steps.forEach((step, index) => {
    const dimension = current.dimensions.find((candidate) => candidate.field === step.field);
    if (!dimension) throw new DrillError(`drill.${index}: "${step.field}" is not shown.`);
    if ((dimension.grain ?? null) !== (step.grain ?? null)) {
      throw new DrillError(`drill.${index}.grain: the chart shows ${step.field} otherwise.`);
    }
    const next = nextLevel(dimension, context);
    const isNext = next !== null && next.field === step.to.field && next.grain === step.to.grain;
    const isField = breakOut && fieldOf(context, step.to.field) !== undefined;
    if (!isNext && !isField) {
      throw new DrillError(`drill.${index}.to: not the next level of ${step.field}.`);
    }
    current = queryAfterStep(current, step);
  });
}

const GRAIN_DATE_FORMATS: Record<TimeGrain, DateFormat> = {
  year: 'year',
  quarter: 'quarter',
  month: 'month',
  week: 'date',
  day: 'date',
};

/**
 * A chart's spec after a drill path: its query drilled, its axes on the shown fields, dates
 * labelled by the grain shown.
 */
export function drilledSpec(spec: ChartSpec, steps: DrillStep[]): ChartSpec {
  if (steps.length === 0) return spec;
  const { grain } = steps[steps.length - 1].to;
  const options = grain ? { ...spec.options, dateFormat: GRAIN_DATE_FORMATS[grain] } : spec.options;
  let encoding = spec.encoding;
  for (const step of steps) {
    const swap = (name: string | undefined) => (name === step.field ? step.to.field : name);
    const x = swap(encoding.x);
    const series = swap(encoding.series);
    const color = swap(encoding.color);
    encoding = {
      ...encoding,
      ...(x ? { x } : {}),
      ...(series && series !== x ? { series } : { series: undefined }),
      ...(color ? { color } : {}),
    };
    if (!encoding.series) delete encoding.series;
  }
  return { ...spec, query: drilledQuery(spec.query, steps), encoding, options };
}

/** The filters that made one clicked value of a chart's (drilled) query: its rows. */
export function rowsFiltersOf(query: SemanticQuery, clicked: ClickedValue[]): QueryFilter[] {
  return [...query.filters, ...clicked.flatMap(filtersOfValue)];
}

/** The fields a chart may be broken out by: the dataset's other dimensions and dates. */
export function breakOutFields(
  query: SemanticQuery,
  context: DrillContext,
): DrillContext['fields'] {
  const shown = new Set(query.dimensions.map((dimension) => dimension.field));
  return context.fields.filter((field) => !shown.has(field.name) && field.role !== 'measure');
}
