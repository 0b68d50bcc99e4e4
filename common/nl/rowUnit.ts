import type { DatasetField } from '../analytics';
import type { Reading } from './interpret';

// "each model", "for every title", "per name": the field that names each row, after a word of
// grouping, is usually the unit being counted or plotted ("horsepower of each model against
// weight", "count of each model by make"), not a category. It stays a category only when
// nothing else shapes the chart ("average price of each model").

const EACH_WORDS = /^(for |in )?(each|every|per)$/i;

export interface RowUnit {
  field: DatasetField;
  text: string;
  partIndex: number;
}

/** True when a grouping word like "each" puts the row-naming field after it. */
export function isRowUnit(
  groupText: string | undefined,
  field: DatasetField,
  identity: DatasetField | null,
): boolean {
  return field === identity && groupText !== undefined && EACH_WORDS.test(groupText);
}

/** Whether the unit should be a category after all: a single measure and no other grouping. */
export function unitIsCategory(reading: Reading): boolean {
  if (reading.dimensions.length > 0) return false;
  const fieldMeasures = reading.measures.filter((measure) => measure.measure.field !== '*');
  const countsOnly = reading.measures.every(
    (measure) => measure.measure.agg === 'count' || measure.measure.agg === 'count_distinct',
  );
  return fieldMeasures.length === 1 && !countsOnly;
}
