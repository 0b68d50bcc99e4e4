import type { DatasetField, QueryMeasure } from '../analytics';
import type { ChartSpec, ChartType } from '../charts';
import { draftToSpec, specToDraft } from '../chartDraft';
import type { BuiltChart } from './buildSpec';
import type { QuestionContext } from './types';
import { wordsForValues } from './valueKinds';

// "map of sales by state", "where are the airports": a question that asks for a map gets a
// point map when the dataset has latitude and longitude fields and no region was asked for,
// else a region map of the field of countries or US states it names (or the dataset's first).

const LATITUDE = /(^|[^a-z])lat(itude)?([^a-z]|$)/i;
const LONGITUDE = /(^|[^a-z])(lon|lng|long|longitude)([^a-z]|$)/i;
const REGION_NAME = /(^|[^a-z])(country|countries|nation|state|states|province)([^a-z]|$)/i;
/** A point map draws its points one by one (clustered): more rows than a chart's default. */
export const POINT_MAP_LIMIT = 5000;
const ROW_COUNT: QueryMeasure = { field: '*', agg: 'count' };

export function isMapType(type: string | undefined): type is 'regionMap' | 'pointMap' {
  return type === 'regionMap' || type === 'pointMap';
}

/** The dataset's latitude and longitude fields, by their names. */
export function coordinateFields(fields: DatasetField[]) {
  const numbers = fields.filter((field) => field.type === 'number');
  const latitude = numbers.find((field) => LATITUDE.test(field.name));
  const longitude = numbers.find((field) => LONGITUDE.test(field.name));
  return latitude && longitude ? { latitude, longitude } : null;
}

/** A text field of countries or US states: by its names, else by its sampled values. */
export function isRegionField(field: DatasetField, context: QuestionContext): boolean {
  if (field.type !== 'string') return false;
  const names = [field.name, field.label, ...(field.synonyms ?? [])];
  if (names.some((name) => REGION_NAME.test(name ?? ''))) return true;
  const words = wordsForValues(context.values?.[field.name] ?? []);
  return words.includes('country') || words.includes('state');
}

function fieldNamed(context: QuestionContext, name: string): DatasetField | undefined {
  return context.dataset.fields.find((field) => field.name === name);
}

function retyped(
  built: BuiltChart,
  type: ChartType,
  change: Pick<ChartSpec['query'], 'dimensions' | 'measures'> & { limit?: number },
): BuiltChart {
  const draft = specToDraft(built.spec);
  const spec = draftToSpec({ ...draft, type, series: null, ...change });
  return spec ? { ...built, spec, inferredType: false } : built;
}

/**
 * The map a question asked for, from the chart its words built: a region map by the region
 * field it grouped by, a point map of the coordinates, or a region map by the dataset's
 * region field. Null when the dataset has neither (the asked type then falls back, with a note).
 */
export function mapChart(built: BuiltChart, context: QuestionContext): BuiltChart | null {
  const { dimensions, measures } = built.spec.query;
  const grouped = dimensions.find((dimension) => {
    const field = fieldNamed(context, dimension.field);
    return field !== undefined && isRegionField(field, context);
  });
  const measure = measures.filter((m) => m.field !== '*' || m.agg === 'count').slice(0, 1);
  const kept = measure.length > 0 ? measure : [ROW_COUNT];
  if (grouped) return retyped(built, 'regionMap', { dimensions: [grouped], measures: kept });
  const coordinates = coordinateFields(context.dataset.fields);
  if (coordinates) {
    return retyped(built, 'pointMap', {
      dimensions: [{ field: coordinates.latitude.name }, { field: coordinates.longitude.name }],
      measures: kept,
      limit: POINT_MAP_LIMIT,
    });
  }
  const region = context.dataset.fields.find((field) => isRegionField(field, context));
  return region
    ? retyped(built, 'regionMap', { dimensions: [{ field: region.name }], measures: kept })
    : null;
}
