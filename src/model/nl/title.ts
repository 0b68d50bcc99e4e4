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
  if (spec.type === 'scatter') {
    const [x, y] = dimensions;
    const colour = spec.encoding.color;
    title = `${label(x.field)} vs ${label(y.field)}${colour ? ` by ${label(colour)}` : ''}`;
  } else if (spec.type === 'histogram' && dimensions[0]) {
    title = `Distribution of ${label(dimensions[0].field)}`;
  } else {
    const measureText = measures
      .map((measure) =>
        measureKey(measure) === 'count'
          ? `number of ${rowsNoun(datasetName)}`
          : `${AGG_WORDS[measure.agg]} ${label(measure.field)}`,
      )
      .join(' and ');
    const byText = dimensions.map((dimension) => dimensionText(dimension, label)).join(' and ');
    title = byText ? `${measureText} by ${byText}` : measureText;
  }
  if (limit !== undefined && limit !== DEFAULT_LIMIT && sort[0]) {
    title += `, ${sort[0].dir === 'desc' ? 'top' : 'bottom'} ${limit}`;
  }
  return title.charAt(0).toUpperCase() + title.slice(1);
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
