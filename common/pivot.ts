import {
  type QueryDimension,
  type QueryFilter,
  type QueryMeasure,
  type QueryResult,
  type SemanticQuery,
} from './analytics';
import type { ChartOptions, ChartSpec } from './charts';

// The pivot table chart, shared by the web app (its renderer and CSV) and the server (its
// query and XLSX export): which of a chart's dimensions are rows and which columns, and the
// answer of POST /query/pivot (cells, subtotals and totals told apart by `__grouping`) as a
// tree of row groups under a header of column groups.

/** The answer column telling which dimensions a row totals over (compilePivotQuery.ts). */
export const PIVOT_GROUPING_COLUMN = '__grouping';

export interface PivotSettings {
  /** dimension fields laid across as columns; the chart's other dimensions are rows */
  columns: string[];
  totals: boolean;
  subtotals: boolean;
  colorScale: boolean;
}

export function pivotSettingsOf(options: ChartOptions | undefined): PivotSettings {
  const pivot = options?.pivot;
  return {
    columns: pivot?.columns ?? [],
    totals: pivot?.totals ?? true,
    subtotals: pivot?.subtotals ?? true,
    colorScale: pivot?.colorScale ?? false,
  };
}

/** What POST /query/pivot takes (common/api/drill.ts PIVOT_REQUEST). */
export interface PivotRequest {
  datasetId: number;
  rows: QueryDimension[];
  columns: QueryDimension[];
  measures: QueryMeasure[];
  filters: QueryFilter[];
}

/** A pivot chart's query as a pivot: its dimensions split into rows and columns. */
export function pivotRequestOf(
  query: SemanticQuery,
  options: ChartOptions | undefined,
): PivotRequest {
  const across = new Set(pivotSettingsOf(options).columns);
  return {
    datasetId: query.datasetId,
    rows: query.dimensions.filter((dimension) => !across.has(dimension.field)),
    columns: query.dimensions.filter((dimension) => across.has(dimension.field)),
    measures: query.measures,
    filters: query.filters,
  };
}

type Path = unknown[];

/** A row of the pivot: a group of rows (its subtotals), a row of cells, or the grand total. */
export interface PivotRowNode {
  key: string;
  /** the row dimensions' values down to this row; empty for the grand total */
  path: Path;
  kind: 'group' | 'leaf' | 'total';
  children: PivotRowNode[];
}

/** One column of numbers: a measure under a column group, a column subtotal or the total. */
export interface PivotLeaf {
  /** the column dimensions' values of its group (a prefix for a subtotal, none for the total) */
  path: Path;
  measure: number;
  kind: 'cell' | 'subtotal' | 'total';
}

/** A header cell over one or more leaves. */
export interface PivotHeaderCell {
  kind: 'value' | 'subtotal' | 'total' | 'measure';
  /** a column dimension's value (value, subtotal) */
  value?: unknown;
  /** the column field the value is of (value, subtotal) */
  field?: string;
  /** the measure's column name (measure) */
  measure?: string;
  colSpan: number;
  rowSpan: number;
  /** the header row it starts in and the first leaf it covers */
  row: number;
  leaf: number;
  /** the leaf a click sorts by, on the lowest header cell of one leaf */
  sortLeaf?: number;
}

export interface PivotModel {
  rowFields: string[];
  columnFields: string[];
  measures: string[];
  settings: PivotSettings;
  leaves: PivotLeaf[];
  headerRows: PivotHeaderCell[][];
  /** the top row groups (or rows), in their dimension's order */
  roots: PivotRowNode[];
  /** the grand total row: shown when totals are on, or as the only row without row fields */
  total: PivotRowNode | null;
  /** each measure's least and greatest cell (not totals), for the colour scale */
  ranges: Array<{ min: number; max: number } | null>;
}

const keyOf = (path: Path) => JSON.stringify(path);

/** Nulls last; numbers by value, the rest as text in natural order. */
export function comparePivotValues(a: unknown, b: unknown): number {
  const aMissing = a === null || a === undefined;
  const bMissing = b === null || b === undefined;
  if (aMissing || bMissing) return Number(aMissing) - Number(bMissing);
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

function comparePaths(a: Path, b: Path): number {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const order = comparePivotValues(a[index], b[index]);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

/** A cell's number: engines may answer big sums and decimals as text. */
export function pivotNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }
  return null;
}

/** How many leading dimensions of `count` the mask keeps (GROUPING(): 1 = totalled over). */
function keptPrefix(mask: number, first: number, count: number, total: number): number {
  let kept = 0;
  while (kept < count && (mask & (1 << (total - 1 - (first + kept)))) === 0) kept++;
  return kept;
}

interface Cells {
  values: Map<string, unknown[]>;
  get(rowPath: Path, columnPath: Path): unknown[] | undefined;
}

function cellStore(): Cells {
  const values = new Map<string, unknown[]>();
  return { values, get: (row, column) => values.get(`${keyOf(row)}|${keyOf(column)}`) };
}

/** Column groups in order: each full column path, its groups' subtotals after them, the total. */
function columnGroups(paths: Path[], depth: number, settings: PivotSettings): PivotLeaf[] {
  if (depth === 0) return [{ path: [], measure: 0, kind: 'cell' }];
  const groups: PivotLeaf[] = [];
  const sorted = [...paths].sort(comparePaths);
  sorted.forEach((path, index) => {
    groups.push({ path, measure: 0, kind: 'cell' });
    if (!settings.subtotals) return;
    const next = sorted[index + 1];
    // Close every group this path ends, innermost first.
    for (let level = depth - 1; level >= 1; level--) {
      const prefix = path.slice(0, level);
      if (next && keyOf(next.slice(0, level)) === keyOf(prefix)) break;
      groups.push({ path: prefix, measure: 0, kind: 'subtotal' });
    }
  });
  if (settings.totals) groups.push({ path: [], measure: 0, kind: 'total' });
  return groups;
}

function headerRowsOf(
  groups: PivotLeaf[],
  columnFields: string[],
  measures: string[],
): PivotHeaderCell[][] {
  const depth = columnFields.length;
  const measureCount = measures.length;
  const showMeasures = measureCount > 1 || depth === 0;
  const rowCount = depth + (showMeasures ? 1 : 0);
  const rows: PivotHeaderCell[][] = [];
  for (let level = 0; level < depth; level++) {
    const cells: PivotHeaderCell[] = [];
    let lastId: string | null = null;
    groups.forEach((group, index) => {
      const leaf = index * measureCount;
      const reach = group.kind === 'cell' ? depth : group.path.length;
      if (level < reach) {
        const id = keyOf(group.path.slice(0, level + 1));
        const last = cells[cells.length - 1];
        if (id === lastId && last) {
          last.colSpan += measureCount;
          return;
        }
        lastId = id;
        const field = columnFields[level];
        cells.push({
          kind: 'value',
          value: group.path[level],
          field,
          colSpan: measureCount,
          rowSpan: 1,
          row: level,
          leaf,
        });
        return;
      }
      lastId = null;
      if (level > reach) return;
      const kind = group.kind === 'total' ? 'total' : 'subtotal';
      const value = kind === 'subtotal' ? group.path[reach - 1] : undefined;
      const field = kind === 'subtotal' ? columnFields[reach - 1] : undefined;
      cells.push({
        kind,
        value,
        field,
        colSpan: measureCount,
        rowSpan: depth - level,
        row: level,
        leaf,
      });
    });
    rows.push(cells);
  }
  if (showMeasures) {
    rows.push(
      groups.flatMap((_, index) =>
        measures.map((measure, measureIndex) => ({
          kind: 'measure' as const,
          measure,
          colSpan: 1,
          rowSpan: 1,
          row: depth,
          leaf: index * measureCount + measureIndex,
        })),
      ),
    );
  }
  for (const cells of rows) {
    for (const cell of cells) {
      if (cell.colSpan === 1 && cell.row + cell.rowSpan === rowCount) cell.sortLeaf = cell.leaf;
    }
  }
  return rows;
}

/** The row tree: a node per row path the answer holds, children in their dimension's order. */
function rowTree(paths: Path[], depth: number): PivotRowNode[] {
  const nodes = new Map<string, PivotRowNode>();
  const roots: PivotRowNode[] = [];
  const nodeOf = (path: Path): PivotRowNode => {
    const key = keyOf(path);
    const known = nodes.get(key);
    if (known) return known;
    const node: PivotRowNode = {
      key,
      path,
      kind: path.length === depth ? 'leaf' : 'group',
      children: [],
    };
    nodes.set(key, node);
    if (path.length === 1) roots.push(node);
    else nodeOf(path.slice(0, -1)).children.push(node);
    return node;
  };
  for (const path of paths) if (path.length > 0) nodeOf(path);
  const sortTree = (list: PivotRowNode[]) => {
    list.sort((a, b) => comparePaths(a.path, b.path));
    list.forEach((node) => sortTree(node.children));
  };
  sortTree(roots);
  return roots;
}

/**
 * The pivot of an answer of POST /query/pivot whose columns are the row dimensions, the
 * column dimensions, the measures and `__grouping`, in that order (as compilePivotQuery
 * answers them).
 */
export function pivotModel(
  result: Pick<QueryResult, 'columns' | 'rows'>,
  rowFields: string[],
  columnFields: string[],
  settings: PivotSettings,
): PivotModel & { cells: Cells } {
  const names = result.columns.map((column) => column.name);
  const dimensionCount = rowFields.length + columnFields.length;
  const grouping = names.indexOf(PIVOT_GROUPING_COLUMN);
  const measures = names.slice(dimensionCount).filter((name) => name !== PIVOT_GROUPING_COLUMN);
  const cells = cellStore();
  const rowPaths: Path[] = [];
  const columnPaths = new Map<string, Path>();
  const ranges: PivotModel['ranges'] = measures.map(() => null);
  for (const row of result.rows) {
    const mask = grouping >= 0 ? Number(row[grouping]) : 0;
    const rowDepth = keptPrefix(mask, 0, rowFields.length, dimensionCount);
    const columnDepth = keptPrefix(mask, rowFields.length, columnFields.length, dimensionCount);
    const rowPath = row.slice(0, rowDepth);
    const columnPath = row.slice(rowFields.length, rowFields.length + columnDepth);
    const values = row.slice(dimensionCount, dimensionCount + measures.length);
    cells.values.set(`${keyOf(rowPath)}|${keyOf(columnPath)}`, values);
    if (columnDepth === 0) rowPaths.push(rowPath);
    if (columnDepth === columnFields.length) columnPaths.set(keyOf(columnPath), columnPath);
    if (rowDepth === rowFields.length && columnDepth === columnFields.length) {
      values.forEach((value, index) => {
        const number = pivotNumber(value);
        if (number === null) return;
        const range = ranges[index];
        ranges[index] = range
          ? { min: Math.min(range.min, number), max: Math.max(range.max, number) }
          : { min: number, max: number };
      });
    }
  }
  const groups = columnGroups([...columnPaths.values()], columnFields.length, settings);
  const leaves = groups.flatMap((group) => measures.map((_, measure) => ({ ...group, measure })));
  const hasTotal = rowFields.length === 0 || settings.totals;
  return {
    rowFields,
    columnFields,
    measures,
    settings,
    leaves,
    headerRows: headerRowsOf(groups, columnFields, measures),
    roots: rowTree(rowPaths, rowFields.length),
    total: hasTotal ? { key: keyOf([]), path: [], kind: 'total', children: [] } : null,
    ranges,
    cells,
  };
}

export type BuiltPivot = ReturnType<typeof pivotModel>;

/** The pivot of a pivot chart's answer, laid out as the chart's options say. */
export function chartPivotModel(
  spec: Pick<ChartSpec, 'query' | 'options'>,
  result: Pick<QueryResult, 'columns' | 'rows'>,
): BuiltPivot {
  const request = pivotRequestOf(spec.query, spec.options);
  return pivotModel(
    result,
    request.rows.map((dimension) => dimension.field),
    request.columns.map((dimension) => dimension.field),
    pivotSettingsOf(spec.options),
  );
}

/** A row's value under a leaf; none for a group's subtotals when subtotals are off. */
export function pivotCell(model: BuiltPivot, node: PivotRowNode, leaf: PivotLeaf): unknown {
  if (node.kind === 'group' && !model.settings.subtotals) return null;
  return model.cells.get(node.path, leaf.path)?.[leaf.measure] ?? null;
}

/** Where a value sits on its measure's scale, 0 to 1 (null off the scale: totals, no number). */
export function pivotShade(
  model: BuiltPivot,
  node: PivotRowNode,
  leaf: PivotLeaf,
  value: unknown,
): number | null {
  if (!model.settings.colorScale || node.kind !== 'leaf' || leaf.kind !== 'cell') return null;
  const range = model.ranges[leaf.measure];
  const number = pivotNumber(value);
  if (!range || number === null) return null;
  return range.max === range.min ? 1 : (number - range.min) / (range.max - range.min);
}

/** Sorting of sibling rows: by their label, or by their value under one leaf. */
export interface PivotSort {
  by: 'label' | number;
  dir: 'asc' | 'desc';
}

export interface PivotVisibleRow {
  node: PivotRowNode;
  depth: number;
  expandable: boolean;
  expanded: boolean;
}

function sortedSiblings(
  model: BuiltPivot,
  nodes: PivotRowNode[],
  sort: PivotSort | undefined,
): PivotRowNode[] {
  if (!sort) return nodes;
  const sign = sort.dir === 'asc' ? 1 : -1;
  const by = sort.by;
  const valueOf = (node: PivotRowNode): unknown =>
    by === 'label'
      ? node.path[node.path.length - 1]
      : model.leaves[by]
        ? pivotNumber(model.cells.get(node.path, model.leaves[by].path)?.[model.leaves[by].measure])
        : null;
  return [...nodes].sort((a, b) => {
    const x = valueOf(a);
    const y = valueOf(b);
    // Rows without a value stay last in either direction.
    if (x === null || x === undefined || y === null || y === undefined) {
      return comparePivotValues(x, y);
    }
    return sign * comparePivotValues(x, y);
  });
}

/** The rows shown: groups with their rows unless collapsed, siblings sorted, total last. */
export function visiblePivotRows(
  model: BuiltPivot,
  collapsed: ReadonlySet<string>,
  sort?: PivotSort,
): PivotVisibleRow[] {
  const shown: PivotVisibleRow[] = [];
  const walk = (nodes: PivotRowNode[], depth: number) => {
    for (const node of sortedSiblings(model, nodes, sort)) {
      const expandable = node.children.length > 0;
      const expanded = expandable && !collapsed.has(node.key);
      shown.push({ node, depth, expandable, expanded });
      if (expanded) walk(node.children, depth + 1);
    }
  };
  walk(model.roots, 0);
  if (model.total) shown.push({ node: model.total, depth: 0, expandable: false, expanded: false });
  return shown;
}

/** Every group's key: collapsing them all leaves the top groups. */
export function pivotGroupKeys(model: BuiltPivot): string[] {
  const keys: string[] = [];
  const walk = (nodes: PivotRowNode[]) =>
    nodes.forEach((node) => {
      if (node.children.length > 0) {
        keys.push(node.key);
        walk(node.children);
      }
    });
  walk(model.roots);
  return keys;
}

/** The words of the pivot's export, from the caller (i18n in the web app). */
export interface PivotWords {
  total: string;
  subtotal: (value: string) => string;
  field: (name: string) => string;
  measure: (name: string) => string;
  value: (field: string, value: unknown) => string;
}

export interface PivotSheetCell {
  value: unknown;
  kind: 'header' | 'label' | 'number';
  /** the measure's column name, for its number format */
  measure?: string;
  bold?: boolean;
}

/** A rectangle of merged cells, 0-based and inclusive. */
export interface PivotMerge {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface PivotSheet {
  cells: PivotSheetCell[][];
  merges: PivotMerge[];
  headerRows: number;
  labelColumns: number;
}

function headerText(cell: PivotHeaderCell, words: PivotWords): string {
  switch (cell.kind) {
    case 'value':
      return words.value(cell.field ?? '', cell.value);
    case 'subtotal':
      return words.subtotal(words.value(cell.field ?? '', cell.value));
    case 'total':
      return words.total;
    default:
      return words.measure(cell.measure ?? '');
  }
}

/**
 * The pivot laid out on a grid (CSV and XLSX): one label column per row field, the header
 * rows above the leaves with their spans as merges, every group expanded, group rows (their
 * subtotals) and the total bold. Groups without subtotals are left out: their rows name them.
 */
export function pivotSheet(model: BuiltPivot, words: PivotWords): PivotSheet {
  const labelColumns = Math.max(1, model.rowFields.length);
  const headerCount = model.headerRows.length;
  const width = labelColumns + model.leaves.length;
  const blankRow = (): PivotSheetCell[] =>
    Array.from({ length: width }, () => ({ value: null, kind: 'header' as const }));
  const cells: PivotSheetCell[][] = model.headerRows.map(blankRow);
  const merges: PivotMerge[] = [];
  model.headerRows.forEach((row) =>
    row.forEach((cell) => {
      const left = labelColumns + cell.leaf;
      cells[cell.row][left] = { value: headerText(cell, words), kind: 'header', bold: true };
      if (cell.colSpan > 1 || cell.rowSpan > 1) {
        const bottom = cell.row + cell.rowSpan - 1;
        merges.push({ top: cell.row, left, bottom, right: left + cell.colSpan - 1 });
      }
    }),
  );
  model.rowFields.forEach((field, index) => {
    cells[headerCount - 1][index] = { value: words.field(field), kind: 'header', bold: true };
  });
  const rows = visiblePivotRows(model, new Set()).filter(
    (row) => row.node.kind !== 'group' || model.settings.subtotals,
  );
  for (const { node } of rows) {
    const bold = node.kind !== 'leaf';
    const line: PivotSheetCell[] = Array.from({ length: labelColumns }, (_, index) => ({
      value:
        index < node.path.length ? words.value(model.rowFields[index], node.path[index]) : null,
      kind: 'label' as const,
      bold,
    }));
    if (node.kind === 'total') line[0] = { value: words.total, kind: 'label', bold };
    for (const leaf of model.leaves) {
      const value = pivotNumber(pivotCell(model, node, leaf));
      const measure = model.measures[leaf.measure];
      line.push({ value, kind: 'number', measure, bold: bold || leaf.kind !== 'cell' });
    }
    cells.push(line);
  }
  return { cells, merges, headerRows: headerCount, labelColumns };
}
