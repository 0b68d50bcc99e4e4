import type { TimeGrain } from '../../../../common/analytics';
import type { DrillContext, DrillStep } from '../../../../common/drill';
import { dateFormatter } from '../../charts/format';

// How a drill shows its values and levels: a clicked bucket as its grain reads ("Q2 2001"),
// a field by its label.

const GRAIN_FORMATS: Record<TimeGrain, string> = {
  year: 'year',
  quarter: 'quarter',
  month: 'month',
  week: 'date',
  day: 'date',
};

/** The empty value's label. */
export const EMPTY_VALUE = '(empty)';

export function clickedValueLabel(
  value: string | number | boolean | null,
  grain?: TimeGrain,
): string {
  if (value === null) return EMPTY_VALUE;
  if (grain && typeof value === 'string') return dateFormatter(GRAIN_FORMATS[grain])(value);
  return String(value);
}

/** A breadcrumb: the value a step went into. */
export function stepLabel(step: DrillStep): string {
  return clickedValueLabel(step.value, step.grain);
}

/** A field's label in the context, else its name. */
export function fieldLabel(context: DrillContext | undefined, name: string): string {
  return context?.fields.find((field) => field.name === name)?.label ?? name;
}
