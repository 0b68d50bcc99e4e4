import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { measureKey } from '../../../common/analytics';
import type { ChartSpec } from '../../../common/charts';
import type { ColumnLabeler } from './options/types';

/** Human names of result columns: "Sum of delay" for sum_delay, field names as they are. */
export function useColumnLabeler(spec: ChartSpec): ColumnLabeler {
  const translate = useTranslate();
  const measures = spec.query?.measures ?? [];
  const signature = JSON.stringify(measures);
  return useCallback(
    (column: string) => {
      const measure = measures.find((candidate) => measureKey(candidate) === column);
      if (!measure) return column;
      return translate(`chartView.agg.${measure.agg}`, { field: measure.field });
    },
    // The measures' content, not their array identity, decides the labels.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [signature, translate],
  );
}
