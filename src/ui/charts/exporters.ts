import type { QueryResult } from '../../../common/analytics';
import type { ChartSpec } from '../../../common/charts';
import { FormattedNumber, toCsv } from '../../../common/csv';
import type { ColumnLabeler } from './options/types';
import type { ValueFormatter } from './format';
import { tableColumns } from './tableModel';
import { chartPivotModel, pivotSheet } from '../../../common/pivot';
import { pivotWordsOf, type PivotChartWords } from './pivotWords';

export { exportFileName } from '../../../common/fileNames';

// Exports of a chart: its picture (PNG) and its data (CSV).

/** What chartToPng needs of an ECharts instance. */
export interface PngSource {
  getDataURL(options: { type: 'png'; pixelRatio?: number; backgroundColor?: string }): string;
}

/** The chart as a PNG data URL, at twice the screen resolution, on the given background. */
export function chartToPng(instance: PngSource, backgroundColor = '#ffffff'): string {
  return instance.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor });
}

/** The result as CSV: a header row of column names, then the rows (see model/csv). */
export function resultToCsv(result: Pick<QueryResult, 'columns' | 'rows'>): string {
  return toCsv([result.columns.map((column) => column.name), ...result.rows]);
}

/** The chart's axis titles name the columns they show (x, the single y); others as labelled. */
function axisTitledLabeler(spec: ChartSpec, labelOf: ColumnLabeler): ColumnLabeler {
  const { encoding = {}, options = {} } = spec;
  const singleY = encoding.y?.length === 1 ? encoding.y[0] : undefined;
  return (column) => {
    if (column === encoding.x && options.xLabel) return options.xLabel;
    if (column === singleY && options.yLabel) return options.yLabel;
    return labelOf(column);
  };
}

/** A value as the chart shows it; a number's text is kept a number for the formula guard. */
function chartCell(value: unknown, format: ValueFormatter): string | FormattedNumber {
  return typeof value === 'number' ? new FormattedNumber(format(value)) : format(value);
}

/** A pivot as CSV in its layout: header rows, one label column per row field, every group open. */
function pivotToCsv(
  spec: ChartSpec,
  result: Pick<QueryResult, 'columns' | 'rows'>,
  words: PivotChartWords,
): string {
  const sheet = pivotSheet(chartPivotModel(spec, result), words);
  return toCsv(
    sheet.cells.map((line) =>
      line.map((cell) => {
        if (cell.kind !== 'number' || cell.value === null) return cell.value ?? '';
        return new FormattedNumber(words.number(cell.measure ?? '', cell.value));
      }),
    ),
  );
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A chart's data as CSV the way the chart shows it: its axis titles and column labels
 * ("Flights", "Average delay") and its number and date formats ("1,234"), so the file reads
 * like the chart. A pivot keeps its layout (its words of totals through `translate`).
 */
export function chartResultToCsv(
  spec: ChartSpec,
  result: Pick<QueryResult, 'columns' | 'rows'>,
  labelOf: ColumnLabeler,
  translate: Translate = (key) => key,
): string {
  if (spec.type === 'pivot') {
    return pivotToCsv(spec, result, pivotWordsOf(spec, result, labelOf, translate));
  }
  const columns = tableColumns(spec, result, axisTitledLabeler(spec, labelOf));
  return toCsv([
    columns.map((column) => column.label),
    ...result.rows.map((row) =>
      columns.map((column) => chartCell(row[column.index], column.format)),
    ),
  ]);
}

/** Makes the browser save a data URL or a text as a file. */
export function downloadFile(fileName: string, content: string, mimeType?: string): void {
  const url = mimeType ? URL.createObjectURL(new Blob([content], { type: mimeType })) : content;
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  if (mimeType) URL.revokeObjectURL(url);
}
