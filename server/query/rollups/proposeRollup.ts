import type { Dataset, SemanticQuery, TimeGrain } from '../../../common/analytics';
import type { RollupMeasure, RollupShape } from '../../../common/api/rollups';
import type { SqlDialect } from '../compile/dialects';
import { pickRollup } from './matchRollup';

// The rollup the product proposes for a dataset from what its charts ask: grouped by every
// field they group or filter on (and the fields their dashboards' value filters set), its time
// field at the coarsest grain every chart's grain is made of, keeping what their measures
// re-aggregate from, and the fields of the row policies that hold the dataset (a held viewer
// is served only so). Charts whose answer it would not give exactly are left out of it.

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

const GRAIN_ORDER: TimeGrain[] = ['day', 'week', 'month', 'quarter', 'year'];

/** The coarsest grain every asked grain is made of whole: weeks and months need days. */
function grainFor(asked: TimeGrain[]): TimeGrain {
  const finest = GRAIN_ORDER.find((grain) => asked.includes(grain)) ?? 'day';
  if (asked.includes('week') && asked.some((grain) => grain !== 'week')) return 'day';
  return finest;
}

/** The date field most charts group by a grain, with the grains asked of it. */
function timeOf(charts: ChartQuery[], dataset: Pick<Dataset, 'fields'>) {
  const grains = new Map<string, TimeGrain[]>();
  for (const chart of charts) {
    for (const dimension of chart.query.dimensions) {
      const field = dataset.fields.find((candidate) => candidate.name === dimension.field);
      if (!dimension.grain || field?.type !== 'date') continue;
      grains.set(field.name, [...(grains.get(field.name) ?? []), dimension.grain]);
    }
  }
  const [best] = [...grains.entries()].sort((a, b) => b[1].length - a[1].length);
  return best ? { field: best[0], grain: grainFor(best[1]) } : undefined;
}

function measuresOf(query: SemanticQuery): RollupMeasure[] {
  return query.measures.flatMap((measure): RollupMeasure[] => {
    if (['count', 'sum', 'min', 'max', 'avg'].includes(measure.agg) && measure.field !== '*') {
      return [{ agg: measure.agg as RollupMeasure['agg'], field: measure.field }];
    }
    return [];
  });
}

function groupedFieldsOf(chart: ChartQuery, timeField: string | undefined): string[] {
  const { query } = chart;
  return [
    ...query.dimensions.map((dimension) => dimension.field),
    ...query.filters.map((filter) => filter.field),
    ...query.measures.filter((m) => m.agg === 'count_distinct').map((m) => m.field),
    ...chart.filterFields,
  ].filter((field) => field !== timeField);
}

/** The proposal for `charts` over `dataset`, or undefined when no chart would be served. */
export function proposeRollup(
  charts: ChartQuery[],
  dataset: Dataset,
  dialect: SqlDialect,
  now: Date,
  policyFields: string[] = [],
): Proposal | undefined {
  const time = timeOf(charts, dataset);
  const known = new Set(dataset.fields.map((field) => field.name));
  const dimensions = new Set<string>(policyFields.filter((field) => known.has(field)));
  const measures: RollupMeasure[] = [];
  for (const chart of charts) {
    groupedFieldsOf(chart, time?.field).forEach((field) => {
      if (known.has(field) && !field.startsWith('__')) dimensions.add(field);
    });
    for (const measure of measuresOf(chart.query)) {
      if (!measures.some((m) => m.agg === measure.agg && m.field === measure.field)) {
        measures.push(measure);
      }
    }
  }
  const shape: RollupShape = {
    dimensions: [...dimensions],
    timeField: time?.field ?? null,
    grain: time?.grain ?? null,
    measures,
  };
  const candidate = { id: 0, name: '', tableName: '', shape, rowCount: 0 };
  const served = charts.filter(
    (chart) => pickRollup([candidate], chart.query, dataset, [], dialect, now) !== undefined,
  );
  if (served.length === 0) return undefined;
  return { shape, charts: served.map(({ id, name }) => ({ id, name })) };
}
