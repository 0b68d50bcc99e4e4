import ExcelJS from 'exceljs';
import { measureKey, type QueryResult } from '../../../common/analytics';
import type { ChartSpec, DateFormat } from '../../../common/charts';
import { chartPivotModel, pivotSheet, type PivotWords } from '../../../common/pivot';

// A chart's data as an Excel workbook: one sheet named after the chart, a header row of the
// chart's labels, numbers written as numbers and dates as dates, each column carrying the
// chart's number or date format as Excel's own format, so the cells stay computable.

/** How a measure's column is headed: "Sum of delay" for sum_delay, as the chart says it. */
const AGGREGATION_LABELS: Record<string, (field: string) => string> = {
  count: () => 'Count',
  count_distinct: (field) => `Distinct ${field}`,
  sum: (field) => `Sum of ${field}`,
  avg: (field) => `Average ${field}`,
  min: (field) => `Min ${field}`,
  max: (field) => `Max ${field}`,
  median: (field) => `Median ${field}`,
};

/** The chart's label of a result column: its axis title, else its measure's or field's label. */
export function columnLabelOf(
  spec: ChartSpec,
  fieldLabels: ReadonlyMap<string, string>,
): (column: string) => string {
  const { encoding, options } = spec;
  const singleY = encoding.y?.length === 1 ? encoding.y[0] : undefined;
  return (column) => {
    if (column === encoding.x && options.xLabel) return options.xLabel;
    if (column === singleY && options.yLabel) return options.yLabel;
    const measure = spec.query.measures.find((candidate) => measureKey(candidate) === column);
    if (measure) {
      const label = AGGREGATION_LABELS[measure.agg] ?? ((field: string) => field);
      return label(fieldLabels.get(measure.field) ?? measure.field);
    }
    return fieldLabels.get(column) ?? column;
  };
}

/** The currency's symbol as en-US writes it ("$", "€", "CHF"). */
function currencySymbol(code: string): string {
  try {
    const parts = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
    }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

/** A chart's number format as an Excel number format. */
export function excelNumberFormat(format: string | undefined): string {
  if (format?.startsWith('currency:')) {
    const symbol = currencySymbol(format.slice('currency:'.length).toUpperCase());
    return `"${symbol.replaceAll('"', '')}"#,##0.00`;
  }
  switch (format) {
    case 'integer':
      return '#,##0';
    case 'percent':
      return '0.0%';
    default:
      return '#,##0.##';
  }
}

const EXCEL_DATE_FORMATS: Record<DateFormat, string> = {
  date: 'yyyy-mm-dd',
  month: 'mmm yyyy',
  quarter: 'yyyy-mm-dd',
  year: 'yyyy',
  datetime: 'yyyy-mm-dd hh:mm',
};

/** A date cell's value: a Date for a date or timestamp the result holds, else the value. */
function dateCell(value: unknown): unknown {
  if (typeof value !== 'string' && typeof value !== 'number') return value;
  const date = new Date(
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value,
  );
  return Number.isNaN(date.getTime()) ? value : date;
}

function numberCell(value: unknown): unknown {
  if (typeof value === 'number' || value === null || value === undefined) return value;
  const number = Number(value);
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(number)
    ? number
    : value;
}

/** A text cell: always text (exceljs writes a formula only from a { formula } value). */
function textCell(value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Excel limits a sheet name to 31 characters without []:*?/\ */
function sheetNameOf(title: string): string {
  return (
    title
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Chart'
  );
}

export async function chartWorkbook(
  title: string,
  spec: ChartSpec,
  result: Pick<QueryResult, 'columns' | 'rows'>,
  fieldLabels: ReadonlyMap<string, string>,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetNameOf(title));
  const labelOf = columnLabelOf(spec, fieldLabels);
  sheet.columns = result.columns.map((column) => ({
    header: labelOf(column.name),
    width: Math.min(40, Math.max(12, labelOf(column.name).length + 2)),
    style:
      column.type === 'number'
        ? { numFmt: excelNumberFormat(spec.options.numberFormat) }
        : column.type === 'date'
          ? { numFmt: EXCEL_DATE_FORMATS[spec.options.dateFormat ?? 'date'] }
          : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of result.rows) {
    sheet.addRow(
      result.columns.map((column, index) => {
        const value = row[index];
        if (column.type === 'number') return numberCell(value) as ExcelJS.CellValue;
        if (column.type === 'date') return dateCell(value) as ExcelJS.CellValue;
        return textCell(value);
      }),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A pivot's words in the export: field and measure labels as the chart says them. */
function pivotWords(spec: ChartSpec, fieldLabels: ReadonlyMap<string, string>): PivotWords {
  const labelOf = columnLabelOf(spec, fieldLabels);
  return {
    total: 'Total',
    subtotal: (value) => `${value} total`,
    field: (name) => fieldLabels.get(name) ?? name,
    measure: labelOf,
    value: (_field, value) => (value === null || value === undefined ? '(empty)' : String(value)),
  };
}

/**
 * A pivot chart's answer as a workbook in the pivot's layout: its header rows with their
 * groups merged, a label column per row field, group (subtotal) and total rows bold, and
 * numbers as numbers in the chart's number format.
 */
export async function pivotWorkbook(
  title: string,
  spec: ChartSpec,
  result: Pick<QueryResult, 'columns' | 'rows'>,
  fieldLabels: ReadonlyMap<string, string>,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetNameOf(title));
  const layout = pivotSheet(chartPivotModel(spec, result), pivotWords(spec, fieldLabels));
  const numFmt = excelNumberFormat(spec.options.numberFormat);
  layout.cells.forEach((line, rowIndex) => {
    const row = sheet.getRow(rowIndex + 1);
    line.forEach((cell, columnIndex) => {
      const target = row.getCell(columnIndex + 1);
      target.value = cell.kind === 'number' ? (cell.value as number | null) : textCell(cell.value);
      if (cell.kind === 'number') target.numFmt = numFmt;
      if (cell.bold) target.font = { bold: true };
      if (cell.kind === 'header') target.alignment = { horizontal: 'center', vertical: 'middle' };
    });
  });
  for (const merge of layout.merges) {
    sheet.mergeCells(merge.top + 1, merge.left + 1, merge.bottom + 1, merge.right + 1);
  }
  const width = layout.cells[0]?.length ?? 0;
  for (let index = 0; index < width; index++) {
    sheet.getColumn(index + 1).width = index < layout.labelColumns ? 24 : 14;
  }
  sheet.views = [{ state: 'frozen', xSplit: layout.labelColumns, ySplit: layout.headerRows }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
