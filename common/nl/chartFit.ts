import { measureKey, type DatasetField } from '../analytics';
import type { ChartSpec, ChartType } from '../charts';

// Whether a chart type can be drawn from its query: what each type needs of the fields, so a
// chart asked for by name that the fields cannot make is swapped for the nearest one that can.

/** What each chart type needs, as the note to the user says it ("A histogram needs ..."). */
export const CHART_NEEDS: Record<ChartType, string> = {
  bar: 'a field to break the numbers down by',
  column: 'a field to break the numbers down by',
  stacked: 'a field to break the numbers down by',
  line: 'a field to draw the line along',
  area: 'a field to draw the area along',
  pie: 'one field to slice by and one number',
  donut: 'one field to slice by and one number',
  scatter: 'two fields to plot against each other',
  table: 'a field or a number',
  kpi: 'a number without a breakdown',
  heatmap: 'two fields to cross',
  histogram: 'a numeric field',
  pivot: 'a field to break the numbers down by',
  regionMap: 'one field of countries or US states and one number',
  pointMap: 'a latitude and a longitude field',
};

/** True when the spec's type can be drawn from its query and encoding. */
export function fitsType(spec: ChartSpec, fields: DatasetField[]): boolean {
  const { dimensions, measures } = spec.query;
  switch (spec.type) {
    case 'scatter':
      return scatterFits(spec);
    case 'histogram':
      return dimensions.length === 1 && isNumberField(fields, dimensions[0].field);
    case 'pie':
    case 'donut':
      return dimensions.length === 1 && measures.length === 1;
    case 'heatmap':
      return dimensions.length === 2 && measures.length >= 1;
    case 'regionMap':
      return dimensions.length === 1 && measures.length >= 1;
    case 'pointMap':
      return dimensions.length >= 2 && fields.length > 0 && hasCoordinates(spec, fields);
    case 'kpi':
      return dimensions.length === 0 && measures.length >= 1;
    case 'table':
      return dimensions.length + measures.length > 0;
    default:
      return dimensions.length >= 1 && measures.length >= 1;
  }
}

/** Types drawn along a field: without one they need a breakdown to be found. */
export function needsDimension(type: ChartType): boolean {
  return !['kpi', 'table', 'scatter', 'histogram'].includes(type);
}

/** A point map's first two dimensions are numbers (its latitude and longitude). */
function hasCoordinates(spec: ChartSpec, fields: DatasetField[]): boolean {
  return spec.query.dimensions.slice(0, 2).every((d) => isNumberField(fields, d.field));
}

function isNumberField(fields: DatasetField[], name: string): boolean {
  return fields.find((field) => field.name === name)?.type === 'number';
}

/** x and y name columns of the query (a category may be plotted against a number). */
function scatterFits(spec: ChartSpec): boolean {
  const { x, y = [] } = spec.encoding;
  const columns = [
    ...spec.query.dimensions.map((dimension) => dimension.field),
    ...spec.query.measures.map(measureKey),
  ];
  return x !== undefined && y[0] !== undefined && columns.includes(x) && columns.includes(y[0]);
}
