import { describe, expect, it } from 'vitest';
import type { QueryResult } from '../../../common/analytics';
import {
  pivotCell,
  pivotGroupKeys,
  pivotModel,
  pivotRequestOf,
  pivotShade,
  pivotSheet,
  visiblePivotRows,
  type BuiltPivot,
  type PivotSettings,
  type PivotWords,
} from '../../../common/pivot';

// The pivot model over answers shaped as compilePivotQuery's: every leading part of the row
// dimensions times every leading part of the column dimensions, `__grouping` telling which.

type Flight = [origin: string, carrier: string | null, year: number, delay: number];
const flights: Flight[] = [
  ['SEA', 'AS', 2023, 10],
  ['SEA', 'AS', 2024, 20],
  ['SEA', 'DL', 2024, 5],
  ['PDX', 'AS', 2023, 7],
  ['PDX', null, 2024, 1],
  ['BOS', 'B6', 2023, 40],
];

/** The answer the pivot query gives: rows (origin, carrier) x columns (year), sum of delay. */
function answer(rowCount: number, columnCount: number): Pick<QueryResult, 'columns' | 'rows'> {
  const dimensions = ['origin', 'carrier', 'year'];
  const rowDims = dimensions.slice(0, rowCount);
  const columnDims = dimensions.slice(2, 2 + columnCount);
  const used = [...rowDims.map((_, i) => i), ...columnDims.map(() => 2)];
  const rows: unknown[][] = [];
  for (let r = rowCount; r >= 0; r--) {
    for (let c = columnCount; c >= 0; c--) {
      const kept = [...used.slice(0, r), ...used.slice(rowCount, rowCount + c)];
      const groups = new Map<string, { key: unknown[]; sum: number }>();
      for (const flight of flights) {
        const key = kept.map((index) => flight[index]);
        const group = groups.get(JSON.stringify(key)) ?? { key, sum: 0 };
        group.sum += flight[3];
        groups.set(JSON.stringify(key), group);
      }
      let mask = 0;
      for (let i = 0; i < used.length; i++) {
        const keptHere = i < rowCount ? i < r : i - rowCount < c;
        mask = mask * 2 + (keptHere ? 0 : 1);
      }
      for (const { key, sum } of groups.values()) {
        const values = [
          ...Array.from({ length: rowCount }, (_, i) => (i < r ? key[i] : null)),
          ...Array.from({ length: columnCount }, (_, i) => (i < c ? key[r + i] : null)),
        ];
        rows.push([...values, sum, mask]);
      }
    }
  }
  return {
    columns: [
      ...rowDims.map((name) => ({ name, type: 'string' as const })),
      ...columnDims.map((name) => ({ name, type: 'number' as const })),
      { name: 'sum_delay', type: 'number' },
      { name: '__grouping', type: 'number' },
    ],
    rows,
  } as Pick<QueryResult, 'columns' | 'rows'>;
}

const all: PivotSettings = { columns: ['year'], totals: true, subtotals: true, colorScale: true };

function build(settings: Partial<PivotSettings> = {}): BuiltPivot {
  return pivotModel(answer(2, 1), ['origin', 'carrier'], ['year'], { ...all, ...settings });
}

const labels = (
  model: BuiltPivot,
  collapsed = new Set<string>(),
  sort?: Parameters<typeof visiblePivotRows>[2],
) =>
  visiblePivotRows(model, collapsed, sort).map(
    (row) =>
      `${'  '.repeat(row.depth)}${row.node.kind === 'total' ? 'Total' : String(row.node.path[row.depth])}`,
  );

describe('pivotRequestOf', () => {
  it('lays the dimensions named in the options across, the others down', () => {
    const request = pivotRequestOf(
      {
        datasetId: 3,
        dimensions: [{ field: 'origin' }, { field: 'year' }, { field: 'carrier' }],
        measures: [{ field: 'delay', agg: 'sum' }],
        filters: [{ field: 'origin', op: '!=', value: 'JFK' }],
        sort: [],
      },
      { pivot: { columns: ['year'], totals: true, subtotals: true, colorScale: false } },
    );
    expect(request.rows.map((d) => d.field)).toEqual(['origin', 'carrier']);
    expect(request.columns.map((d) => d.field)).toEqual(['year']);
    expect(request.filters).toHaveLength(1);
  });
});

describe('pivotModel', () => {
  it('groups the rows into a tree in their order, nulls last, the total at the end', () => {
    expect(labels(build())).toEqual([
      'BOS',
      '  B6',
      'PDX',
      '  AS',
      '  null',
      'SEA',
      '  AS',
      '  DL',
      'Total',
    ]);
  });

  it('reads cells, subtotals and totals from their grouping sets', () => {
    const model = build();
    const [y2023, y2024, total] = model.leaves;
    expect(model.leaves.map((leaf) => [leaf.kind, leaf.path])).toEqual([
      ['cell', [2023]],
      ['cell', [2024]],
      ['total', []],
    ]);
    const sea = model.roots.find((node) => node.path[0] === 'SEA')!;
    expect(pivotCell(model, sea, y2023)).toBe(10);
    expect(pivotCell(model, sea, y2024)).toBe(25);
    expect(pivotCell(model, sea, total)).toBe(35);
    const seaDl = sea.children.find((node) => node.path[1] === 'DL')!;
    expect(pivotCell(model, seaDl, y2023)).toBeNull();
    expect(pivotCell(model, model.total!, total)).toBe(83);
    expect(pivotCell(model, model.total!, y2023)).toBe(57);
  });

  it('leaves out the totals and subtotals when they are off', () => {
    const model = build({ totals: false, subtotals: false });
    expect(model.total).toBeNull();
    expect(model.leaves.map((leaf) => leaf.kind)).toEqual(['cell', 'cell']);
    const sea = model.roots.find((node) => node.path[0] === 'SEA')!;
    expect(pivotCell(model, sea, model.leaves[0])).toBeNull();
  });

  it('folds a group to its subtotal row, and all groups at once', () => {
    const model = build();
    const sea = model.roots.find((node) => node.path[0] === 'SEA')!;
    const rows = visiblePivotRows(model, new Set([sea.key]));
    expect(rows.map((row) => row.node.path)).toContainEqual(['SEA']);
    expect(rows.map((row) => row.node.path)).not.toContainEqual(['SEA', 'AS']);
    expect(rows.find((row) => row.node === sea)).toMatchObject({
      expandable: true,
      expanded: false,
    });
    expect(labels(model, new Set(pivotGroupKeys(model)))).toEqual(['BOS', 'PDX', 'SEA', 'Total']);
  });

  it('sorts siblings at every level by a column, rows without a value last, the total kept last', () => {
    const model = build();
    expect(labels(model, new Set(), { by: 0, dir: 'desc' })).toEqual([
      'BOS',
      '  B6',
      'SEA',
      '  AS',
      '  DL',
      'PDX',
      '  AS',
      '  null',
      'Total',
    ]);
    expect(labels(model, new Set(pivotGroupKeys(model)), { by: 2, dir: 'asc' })).toEqual([
      'PDX',
      'SEA',
      'BOS',
      'Total',
    ]);
    expect(labels(model, new Set(pivotGroupKeys(model)), { by: 'label', dir: 'desc' })).toEqual([
      'SEA',
      'PDX',
      'BOS',
      'Total',
    ]);
  });

  it('shades only the cells, on their measure’s own scale', () => {
    const model = build();
    const bos = model.roots[0].children[0];
    const leaf2023 = model.leaves[0];
    expect(pivotShade(model, bos, leaf2023, 40)).toBe(1);
    expect(pivotShade(model, bos, leaf2023, 1)).toBe(0);
    expect(pivotShade(model, model.roots[0], leaf2023, 40)).toBeNull();
    expect(pivotShade(build({ colorScale: false }), bos, leaf2023, 40)).toBeNull();
  });

  it('has only a total row without row fields; heads two column levels with merged groups, subtotal and total columns', () => {
    const model = pivotModel(answer(0, 1), [], ['year'], all);
    expect(model.roots).toEqual([]);
    expect(model.total).not.toBeNull();
    expect(pivotCell(model, model.total!, model.leaves[1])).toBe(26);
    const two = pivotModel(
      {
        columns: [
          { name: 'origin', type: 'string' },
          { name: 'year', type: 'number' },
          { name: 'carrier', type: 'string' },
          { name: 'sum_delay', type: 'number' },
          { name: 'count', type: 'number' },
          { name: '__grouping', type: 'number' },
        ],
        rows: [
          ['SEA', 2023, 'AS', 10, 1, 0],
          ['SEA', 2024, 'AS', 20, 1, 0],
          ['SEA', 2024, 'DL', 5, 1, 0],
          ['SEA', 2023, null, 10, 1, 1],
          ['SEA', 2024, null, 25, 2, 1],
          ['SEA', null, null, 35, 3, 3],
          [null, null, null, 35, 3, 7],
        ],
      },
      ['origin'],
      ['year', 'carrier'],
      all,
    );
    const [years, carriers, measures] = two.headerRows;
    expect(
      years.map((cell) => [cell.kind, cell.value ?? null, cell.colSpan, cell.rowSpan]),
    ).toEqual([
      ['value', 2023, 4, 1],
      ['value', 2024, 6, 1],
      ['total', null, 2, 2],
    ]);
    expect(carriers.map((cell) => [cell.kind, cell.value ?? null, cell.colSpan])).toEqual([
      ['value', 'AS', 2],
      ['subtotal', 2023, 2],
      ['value', 'AS', 2],
      ['value', 'DL', 2],
      ['subtotal', 2024, 2],
    ]);
    expect(measures).toHaveLength(12);
    expect(measures.every((cell) => cell.sortLeaf === cell.leaf)).toBe(true);
    const sea = two.roots[0];
    expect(two.leaves.map((leaf) => pivotCell(two, sea, leaf))).toEqual([
      10, 1, 10, 1, 20, 1, 5, 1, 25, 2, 35, 3,
    ]);
  });
});

describe('pivotSheet', () => {
  const words: PivotWords = {
    total: 'Total',
    subtotal: (value) => `${value} total`,
    field: (name) => name.toUpperCase(),
    measure: (name) => `M:${name}`,
    value: (_field, value) => (value === null ? '(empty)' : String(value)),
  };

  it('lays the pivot out with label columns, merged headers and bold groups', () => {
    const sheet = pivotSheet(build(), words);
    expect(sheet.labelColumns).toBe(2);
    expect(sheet.headerRows).toBe(1);
    expect(sheet.cells[0].map((cell) => cell.value)).toEqual([
      'ORIGIN',
      'CARRIER',
      '2023',
      '2024',
      'Total',
    ]);
    const bos = sheet.cells[1];
    expect(bos.map((cell) => cell.value)).toEqual(['BOS', null, 40, null, 40]);
    expect(bos.every((cell) => cell.bold)).toBe(true);
    expect(sheet.cells[2].map((cell) => cell.value)).toEqual(['BOS', 'B6', 40, null, 40]);
    expect(sheet.cells[2][2].bold).toBe(false);
    expect(sheet.cells.at(-1)!.map((cell) => cell.value)).toEqual(['Total', null, 57, 26, 83]);
  });
});
