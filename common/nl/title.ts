import {
  measureKey,
  type DatasetField,
  type QueryDimension,
  type QueryMeasure,
} from '../analytics';
import type { ChartSpec } from '../charts';
import { DEFAULT_LIMIT } from '../chartDraft';
import { fieldLabel, inSentence } from './labels';

// A readable title for a parsed chart: "Average delay by origin airport".

const AGG_WORDS: Record<QueryMeasure['agg'], string> = {
  count: 'count of',
  count_distinct: 'distinct count of',
  sum: 'total',
  avg: 'average',
  min: 'minimum',
  max: 'maximum',
  median: 'median',
};

export function titleFor(spec: ChartSpec, fields: DatasetField[], datasetName: string): string {
  const label = (name: string) => inSentence(fieldLabel(fields, name));
  const { dimensions, measures, sort, limit } = spec.query;
  let title: string;
  const { x, y = [], color } = spec.encoding;
  if (spec.type === 'scatter' && x && y[0]) {
    title = `${columnText(x, measures, label)} vs ${columnText(y[0], measures, label)}`;
    if (color) title += ` by ${label(color)}`;
  } else if (spec.type === 'histogram' && dimensions[0]) {
    title = `Distribution of ${label(dimensions[0].field)}`;
  } else {
    const measuresText =
      measures.map((measure) => measureText(measure, label, datasetName)).join(' and ') ||
      rowsNoun(datasetName);
    const byText = dimensions.map((dimension) => dimensionText(dimension, label)).join(' and ');
    title = byText ? `${measuresText} by ${byText}` : measuresText;
  }
  if (limit !== undefined && limit !== DEFAULT_LIMIT && sort[0]) {
    title += `, ${sort[0].dir === 'desc' ? 'top' : 'bottom'} ${limit}`;
  }
  return title.charAt(0).toUpperCase() + title.slice(1);
}

function measureText(
  measure: QueryMeasure,
  label: (name: string) => string,
  datasetName: string,
): string {
  if (measureKey(measure) === 'count') return `number of ${rowsNoun(datasetName)}`;
  return `${AGG_WORDS[measure.agg] ?? measure.agg} ${label(measure.field)}`;
}

/** A scatter axis: a raw field ("horsepower") or a measure column ("average horsepower"). */
function columnText(
  column: string,
  measures: QueryMeasure[],
  label: (name: string) => string,
): string {
  const measure = measures.find((candidate) => measureKey(candidate) === column);
  return measure
    ? `${AGG_WORDS[measure.agg] ?? measure.agg} ${label(measure.field)}`
    : label(column);
}

function dimensionText(dimension: QueryDimension, label: (name: string) => string): string {
  if (dimension.grain) return dimension.grain;
  return label(dimension.field);
}

/** "Flights" -> "flights"; a name that is not a plural noun -> "Seattle weather records". */
function rowsNoun(datasetName: string): string {
  const noun = inSentence(datasetName);
  return /s$/i.test(noun) ? noun : `${noun} records`;
}
