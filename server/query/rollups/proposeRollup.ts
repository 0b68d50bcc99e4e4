import type { Dataset, SemanticQuery, TimeGrain } from '../../../common/analytics';
import type { RollupMeasure, RollupShape } from '../../../common/api/rollups';
import type { SqlDialect } from '../../engines/sqlDialect';
import { pickRollup, timeFilterExact } from './matchRollup';
import { grainRollsUp } from './rollupShape';

// The rollups the product proposes for a dataset from what its charts ask: the charts that
// group and filter on the same fields (with those their dashboards' value filters set, and
// the fields of the row policies that hold the dataset) share one, grouped by those fields and
// by the time field at the coarsest grain their grains and time filters are made of, keeping
// what their measures re-aggregate from. Charts a proposal would not answer exactly are left
// out of it; a proposal that answers none is not made.

export interface ChartQuery {
  id: number;
  name: string;
  query: SemanticQuery;
  /** Fields a dashboard's value filters set on this chart. */
  filterFields: string[];
}

export interface Proposal {
  shape: RollupShape;
  charts: { id: number; name: string }[];
}

const COARSEST_FIRST: TimeGrain[] = ['year', 'quarter', 'month', 'week', 'day'];

function dateFieldOf(dataset: Pick<Dataset, 'fields'>, name: string): boolean {
  return dataset.fields.some((field) => field.name === name && field.type === 'date');
}

/** The date field the charts group by a grain or filter on most, if any. */
function timeFieldOf(charts: ChartQuery[], dataset: Pick<Dataset, 'fields'>): string | undefined {
  const uses = new Map<string, number>();
  for (const { query } of charts) {
    const fields = [
      ...query.dimensions.filter((d) => d.grain).map((d) => d.field),
      ...query.filters.map((f) => f.field),
    ];
    for (const field of new Set(fields)) {
      if (dateFieldOf(dataset, field)) uses.set(field, (uses.get(field) ?? 0) + 1);
    }
  }
  return [...uses.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** The coarsest grain every chart's grain of `field` rolls up from and its filters hold at. */
function grainOf(charts: ChartQuery[], field: string, now: Date): TimeGrain {
  const fits = (grain: TimeGrain) =>
    charts.every(
      ({ query }) =>
        query.dimensions.every(
          (d) => d.field !== field || !d.grain || grainRollsUp(grain, d.grain),
        ) && query.filters.every((f) => f.field !== field || timeFilterExact(f, grain, now)),
    );
  return COARSEST_FIRST.find(fits) ?? 'day';
}

function measuresOf(charts: ChartQuery[]): RollupMeasure[] {
  const measures: RollupMeasure[] = [];
  for (const { query } of charts) {
    for (const measure of query.measures) {
      if (!['count', 'sum', 'min', 'max', 'avg'].includes(measure.agg) || measure.field === '*') {
        continue;
      }
      const kept = { agg: measure.agg as RollupMeasure['agg'], field: measure.field };
      if (!measures.some((m) => m.agg === kept.agg && m.field === kept.field)) measures.push(kept);
    }
  }
  return measures;
}

/** The fields a chart groups or filters on besides the time field, in the dataset's order. */
function groupedFieldsOf(
  chart: ChartQuery,
  dataset: Pick<Dataset, 'fields'>,
  timeField: string | undefined,
  policyFields: string[],
): string[] {
  const { query } = chart;
  const named = new Set([
    ...query.dimensions.filter((d) => d.field !== timeField).map((d) => d.field),
    ...query.filters.map((filter) => filter.field),
    ...query.measures.filter((m) => m.agg === 'count_distinct').map((m) => m.field),
    ...chart.filterFields,
    ...policyFields,
  ]);
  named.delete(timeField ?? '');
  return dataset.fields
    .map((field) => field.name)
    .filter((name) => named.has(name) && !name.startsWith('__'));
}

/** The proposals for `charts` over `dataset`, the one serving most charts first. */
export function proposeRollups(
  charts: ChartQuery[],
  dataset: Dataset,
  dialect: SqlDialect,
  now: Date,
  policyFields: string[] = [],
): Proposal[] {
  const timeField = timeFieldOf(charts, dataset);
  const groups = new Map<string, { dimensions: string[]; charts: ChartQuery[] }>();
  for (const chart of charts) {
    const dimensions = groupedFieldsOf(chart, dataset, timeField, policyFields);
    const key = JSON.stringify(dimensions);
    const group = groups.get(key) ?? { dimensions, charts: [] };
    group.charts.push(chart);
    groups.set(key, group);
  }
  const proposals: Proposal[] = [];
  for (const group of groups.values()) {
    const usesTime =
      timeField !== undefined &&
      group.charts.some(({ query }) =>
        [...query.dimensions, ...query.filters].some((part) => part.field === timeField),
      );
    const shape: RollupShape = {
      dimensions: group.dimensions,
      timeField: usesTime ? timeField! : null,
      grain: usesTime ? grainOf(group.charts, timeField!, now) : null,
      measures: measuresOf(group.charts),
    };
    const candidate = { id: 0, name: '', tableName: '', shape, rowCount: 0 };
    const served = group.charts.filter(
      (chart) => pickRollup([candidate], chart.query, dataset, [], dialect, now) !== undefined,
    );
    if (served.length)
      proposals.push({ shape, charts: served.map(({ id, name }) => ({ id, name })) });
  }
  return proposals.sort((a, b) => b.charts.length - a.charts.length);
}
