import type { QueryResult } from '../../../common/analytics';
import type { ChartSpec } from '../../../common/charts';
import { columnNumberFormatter, dateFormatter, type ValueFormatter } from './format';
import type { ColumnLabeler } from './options/types';

// The table chart: labelled, formatted columns, sorted by a clicked header, in pages.

export const DEFAULT_PAGE_SIZE = 25;

interface TableColumn {
  name: string;
  label: string;
  index: number;
  align: 'left' | 'right';
  format: ValueFormatter;
}

export interface TableSort {
  column: string;
  dir: 'asc' | 'desc';
}

interface TableView {
  sort?: TableSort;
  /** zero-based */
  page?: number;
}

interface TableModel {
  columns: TableColumn[];
  /** the rows of the current page, in sorted order */
  rows: unknown[][];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  sort?: TableSort;
}

function formatterOf(name: string, type: string, spec: ChartSpec): ValueFormatter {
  if (type === 'number') return columnNumberFormatter(name, spec.options?.numberFormat);
  if (type === 'date') return dateFormatter(spec.options?.dateFormat);
  return (value) => (value === null || value === undefined ? '' : String(value));
}

/** Nulls last in either direction; numbers by value, the rest as text (natural order). */
function compareValues(a: unknown, b: unknown): number {
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

function sortedRows(rows: unknown[][], index: number, dir: 'asc' | 'desc'): unknown[][] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[index];
    const y = b[index];
    // Nulls stay last whichever the direction.
    if (x === null || x === undefined || y === null || y === undefined) return compareValues(x, y);
    return sign * compareValues(x, y);
  });
}

/** The result's columns as the chart shows them: labelled, with the chart's formats. */
export function tableColumns(
  spec: ChartSpec,
  result: Pick<QueryResult, 'columns'>,
  labelOf: ColumnLabeler = (column) => column,
): TableColumn[] {
  return result.columns.map((column, index) => ({
    name: column.name,
    label: labelOf(column.name),
    index,
    align: column.type === 'number' ? ('right' as const) : ('left' as const),
    format: formatterOf(column.name, column.type, spec),
  }));
}

export function tableModel(
  spec: ChartSpec,
  result: QueryResult,
  view: TableView = {},
  labelOf: ColumnLabeler = (column) => column,
): TableModel {
  const columns = tableColumns(spec, result, labelOf);
  const sortColumn = view.sort && columns.find((column) => column.name === view.sort!.column);
  const rows = sortColumn ? sortedRows(result.rows, sortColumn.index, view.sort!.dir) : result.rows;
  const requested = spec.options?.pageSize;
  const pageSize = requested && requested > 0 ? Math.floor(requested) : DEFAULT_PAGE_SIZE;
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const page = Math.min(Math.max(0, Math.floor(view.page ?? 0)), pageCount - 1);
  return {
    columns,
    rows: rows.slice(page * pageSize, (page + 1) * pageSize),
    total: rows.length,
    page,
    pageSize,
    pageCount,
    sort: sortColumn ? view.sort : undefined,
  };
}
