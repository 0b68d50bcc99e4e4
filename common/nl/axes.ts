import type { DatasetField } from '../analytics';
import { groupingDimension } from './defaults';
import type { Reading } from './interpret';
import type { QuestionContext } from './types';

// Axis words: "cylinders on the x axis and average mpg on the y axis", "mpg vs weight". A
// mark names the part of the question (its index) a field came from; -1 is the row count.

export type Axis = 'x' | 'y';

export interface AxisMark {
  axis: Axis;
  partIndex: number;
  /** said in so many words ("on the x axis"), not only implied by "vs" */
  explicit: boolean;
}

/** A whole-number span this small groups by value rather than in bins (cylinders, ratings). */
const MAX_SPAN_BY_VALUE = 50;

export function applyAxes(reading: Reading, context: QuestionContext): void {
  for (const mark of reading.axisMarks) {
    const measure = reading.measures.find((entry) => entry.partIndex === mark.partIndex);
    const dimension = reading.dimensions.find((entry) => entry.partIndex === mark.partIndex);
    if (measure) measure.axis = mark.axis;
    else if (dimension) dimension.axis = mark.axis;
  }
  groupByExplicitX(reading, context);
  const x = reading.dimensions.findIndex((dimension) => dimension.axis === 'x');
  if (x > 0) reading.dimensions.unshift(...reading.dimensions.splice(x, 1));
}

/** "cylinders on the x axis and average mpg on the y axis": cylinders groups the average. */
function groupByExplicitX(reading: Reading, context: QuestionContext): void {
  const explicitX = reading.axisMarks.some((mark) => mark.axis === 'x' && mark.explicit);
  const position = reading.measures.findIndex((measure) => measure.axis === 'x');
  if (!explicitX || position < 0) return;
  const aggregated = reading.measures.some(
    (measure, index) => index !== position && measure.explicit,
  );
  if (!aggregated) return;
  const [measure] = reading.measures.splice(position, 1);
  const field = context.dataset.fields.find(
    (candidate) => candidate.name === measure.measure.field,
  );
  if (!field) return;
  reading.dimensions.unshift({
    dimension: dimensionOnX(field, context),
    role: 'dimension',
    text: measure.text,
    partIndex: measure.partIndex,
    axis: 'x',
  });
}

function dimensionOnX(field: DatasetField, context: QuestionContext) {
  const range = context.ranges?.[field.name];
  const small =
    range && Number.isInteger(range.min) && Number.isInteger(range.max)
      ? range.max - range.min <= MAX_SPAN_BY_VALUE
      : false;
  return small ? { field: field.name } : groupingDimension(field, context);
}

/** Points of a scatter in axis order: the x-marked first, the y-marked second, then the rest. */
export function inAxisOrder<T extends { axis?: Axis }>(points: T[]): T[] {
  const x = points.find((point) => point.axis === 'x');
  const y = points.find((point) => point.axis === 'y');
  const rest = points.filter((point) => point !== x && point !== y);
  const first = x ?? rest.shift();
  return [...(first ? [first] : []), ...(y ? [y] : []), ...rest];
}
