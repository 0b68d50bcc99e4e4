import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { QueryResult } from '../../../common/analytics';
import type { ChartSpec } from '../../../common/charts';
import type { PivotWords } from '../../../common/pivot';
import { columnNumberFormatter, dateFormatter, type ValueFormatter } from './format';
import type { ColumnLabeler } from './options/types';

// How a pivot says its parts in the chart's words and formats: field and measure labels,
// "Total", "2024 total", a missing value, numbers and dates as the chart formats them.

export type PivotChartWords = PivotWords & {
  /** a measure's value as the chart formats it */
  number: (measure: string, value: unknown) => string;
};

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A date dimension's own format when the chart names none: a quarter as "Q1 2024". */
const GRAIN_FORMATS: Record<string, string> = { month: 'month', quarter: 'quarter', year: 'year' };

function dateFormatOf(spec: ChartSpec, field: string): string | undefined {
  if (spec.options?.dateFormat) return spec.options.dateFormat;
  const grain = spec.query?.dimensions.find((dimension) => dimension.field === field)?.grain;
  return grain ? GRAIN_FORMATS[grain] : undefined;
}

export function pivotWordsOf(
  spec: ChartSpec,
  result: Pick<QueryResult, 'columns'>,
  labelOf: ColumnLabeler,
  translate: Translate,
): PivotChartWords {
  const formatters = new Map<string, ValueFormatter>();
  for (const column of result.columns) {
    if (column.type === 'number') {
      formatters.set(column.name, columnNumberFormatter(column.name, spec.options?.numberFormat));
    } else if (column.type === 'date') {
      formatters.set(column.name, dateFormatter(dateFormatOf(spec, column.name)));
    }
  }
  const missing = translate('chartView.pivot.missing');
  return {
    total: translate('chartView.pivot.total'),
    subtotal: (value) => translate('chartView.pivot.subtotal', { value }),
    field: (name) => labelOf(name),
    measure: (name) => labelOf(name),
    value: (field, value) => {
      if (value === null || value === undefined) return missing;
      return formatters.get(field)?.(value) ?? String(value);
    },
    number: (measure, value) => formatters.get(measure)?.(value) ?? String(value),
  };
}

export function usePivotWords(
  spec: ChartSpec,
  result: Pick<QueryResult, 'columns'>,
  labelOf: ColumnLabeler,
): PivotChartWords {
  const translate = useTranslate();
  return useMemo(
    () => pivotWordsOf(spec, result, labelOf, translate),
    [spec, result, labelOf, translate],
  );
}
