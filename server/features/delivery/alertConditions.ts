import type { Alert, AlertCondition, AlertRun } from '../../../common/api/alerts';
import type { ChartSpec } from '../../../common/charts';
import { measureKey, type QueryResult } from '../../../common/analytics';
import { badRequest } from '../../errors';

// What an alert watches and when it holds: the chart's number, or the last point of its
// series, compared with a threshold or with the previous check's value. Pure functions.

/**
 * The measure an alert on `spec` watches: `chosen` if it is one of the chart's, else its
 * first. A chart qualifies when it is a number or one series (at most one dimension).
 */
export function watchedMeasure(spec: ChartSpec, chosen: string | undefined): string {
  const { dimensions, measures } = spec.query;
  if (measures.length === 0 || dimensions.length > 1) {
    throw badRequest(
      'An alert watches a chart whose result is a number or one series (a measure, and at most one dimension).',
      'chartId',
    );
  }
  const keys = measures.map(measureKey);
  if (chosen === undefined) return keys[0];
  if (!keys.includes(chosen)) {
    throw badRequest(`The chart has no measure "${chosen}"; it has ${keys.join(', ')}.`, 'measure');
  }
  return chosen;
}

/** The value an alert compares: the watched column of the last row (the series' last point). */
export function watchedValue(result: Pick<QueryResult, 'columns' | 'rows'>, measure: string) {
  const column = result.columns.findIndex((c) => c.name === measure);
  if (column < 0) throw new Error(`The chart's result has no column "${measure}".`);
  const last = result.rows.at(-1);
  if (!last) throw new Error('The chart has no rows to check.');
  const value = Number(last[column]);
  if (last[column] === null || !Number.isFinite(value)) {
    throw new Error("The chart's last value is not a number.");
  }
  return value;
}

/** Whether the condition holds for `value`, the previous check's value being `previous`. */
export function conditionHolds(
  condition: AlertCondition,
  value: number,
  previous: number | undefined,
): boolean {
  if (condition.kind === 'above') return value > condition.threshold;
  if (condition.kind === 'below') return value < condition.threshold;
  if (previous === undefined) return false;
  if (previous === 0) return value !== 0;
  return (Math.abs(value - previous) / Math.abs(previous)) * 100 > condition.percent;
}

type Transition = Extract<AlertRun['outcome'], 'ok' | 'fired' | 'holding' | 'recovered'>;

/** What a check means given the alert's state: only 'fired' and 'recovered' are told. */
export function transitionOf(state: Alert['state'], holds: boolean): Transition {
  if (holds) return state === 'firing' ? 'holding' : 'fired';
  return state === 'firing' ? 'recovered' : 'ok';
}
