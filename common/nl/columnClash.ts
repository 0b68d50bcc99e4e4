import { countsRows, measureKey, type QueryMeasure } from '../analytics';
import type { ChartSpec } from '../charts';

// A dataset may have a field named like a measure's column ("count"): grouped by it, a row
// count would answer two columns of one name, which the query refuses. Rows are then counted
// as the values of that field, which is the same count in each of its groups.

/** The column of a row count: measureKey({ field: '*', agg: 'count' }). */
const ROW_COUNT_COLUMN = 'count';

export function withoutColumnClash(spec: ChartSpec): ChartSpec {
  const grouped = spec.query.dimensions.some((dimension) => dimension.field === ROW_COUNT_COLUMN);
  if (!grouped || !spec.query.measures.some(countsRows)) return spec;
  const counted: QueryMeasure = { field: ROW_COUNT_COLUMN, agg: 'count' };
  const renamed = new Map([[ROW_COUNT_COLUMN, measureKey(counted)]]);
  const measures = spec.query.measures.map((measure) =>
    countsRows(measure) && measure.agg === 'count' ? counted : measure,
  );
  const rename = (name: string) => renamed.get(name) ?? name;
  return {
    ...spec,
    query: {
      ...spec.query,
      measures,
      sort: spec.query.sort.map((sort) => ({ ...sort, key: rename(sort.key) })),
    },
    encoding: {
      ...spec.encoding,
      ...(spec.encoding.y ? { y: spec.encoding.y.map(rename) } : {}),
      ...(spec.encoding.size ? { size: rename(spec.encoding.size) } : {}),
    },
  };
}
