import { describe, expect, it } from 'vitest';
import type { DatasetField } from '../../../../common/analytics';
import {
  draftEncoding,
  draftQuery,
  draftToSpec,
  emptyDraft,
  filterOpsFor,
  isCompleteFilter,
  measureFor,
  newFilterFor,
  specToDraft,
  type ChartDraft,
} from '../../../../common/chartDraft';
import { newChartTile, withChartTile } from '../../../../src/resources/aicharts/api';
import { listValue, valueForOp } from '../../../../src/resources/aicharts/filterValues';

function draft(changes: Partial<ChartDraft>): ChartDraft {
  return { ...emptyDraft(), datasetId: 7, ...changes };
}

describe('chart draft', () => {
  it('has no query without a dataset or without fields', () => {
    expect(draftQuery(emptyDraft())).toBeNull();
    expect(draftQuery(draft({}))).toBeNull();
  });

  it('puts the series dimension after the others and drops incomplete filters and stale sorts', () => {
    const query = draftQuery(
      draft({
        dimensions: [{ field: 'date', grain: 'month' }],
        series: { field: 'origin' },
        measures: [{ field: 'delay', agg: 'avg' }],
        filters: [
          { field: 'origin', op: '=', value: '' },
          { field: 'delay', op: 'is null' },
          { field: 'distance', op: 'between', value: [100, ''] },
        ],
        sort: [
          { key: 'avg_delay', dir: 'desc' },
          { key: 'sum_distance', dir: 'asc' },
        ],
        limit: 50,
      }),
    );
    expect(query).toEqual({
      datasetId: 7,
      dimensions: [{ field: 'date', grain: 'month' }, { field: 'origin' }],
      measures: [{ field: 'delay', agg: 'avg' }],
      filters: [{ field: 'delay', op: 'is null' }],
      sort: [{ key: 'avg_delay', dir: 'desc' }],
      limit: 50,
    });
  });

  it('encodes columns by chart type', () => {
    const base = draft({
      dimensions: [{ field: 'origin' }],
      series: { field: 'destination' },
      measures: [
        { field: '*', agg: 'count' },
        { field: 'delay', agg: 'avg' },
        { field: 'distance', agg: 'sum' },
      ],
    });
    expect(draftEncoding({ ...base, type: 'stacked' })).toEqual({
      x: 'origin',
      y: ['count', 'avg_delay', 'sum_distance'],
      series: 'destination',
    });
    expect(draftEncoding({ ...base, type: 'pie' })).toEqual({ x: 'origin', y: ['count'] });
    expect(draftEncoding({ ...base, type: 'scatter' })).toEqual({
      x: 'count',
      y: ['avg_delay'],
      color: 'origin',
      size: 'sum_distance',
    });
    expect(draftEncoding({ ...base, type: 'table' })).toEqual({
      y: ['count', 'avg_delay', 'sum_distance'],
    });
  });

  it('comes back from its spec unchanged', () => {
    const original = draft({
      type: 'line',
      title: 'Delay',
      dimensions: [{ field: 'date', grain: 'week' }],
      series: { field: 'origin' },
      measures: [{ field: 'delay', agg: 'median' }],
      filters: [
        { field: 'date', op: 'relative', value: { kind: 'last', count: 3, unit: 'month' } },
      ],
      sort: [{ key: 'date', dir: 'asc' }],
      options: { legend: 'right', numberFormat: 'compact' },
    });
    expect(specToDraft(draftToSpec(original)!)).toEqual(original);
  });

  it('offers operators by field type and measures by field type', () => {
    expect(filterOpsFor('date')).toContain('relative');
    expect(filterOpsFor('string')).not.toContain('relative');
    expect(filterOpsFor('string')).toContain('contains');
    expect(filterOpsFor('number')).not.toContain('contains');
    const origin: DatasetField = {
      name: 'origin',
      label: 'Origin',
      type: 'string',
      role: 'dimension',
      synonyms: [],
    };
    expect(measureFor(origin)).toEqual({ field: 'origin', agg: 'count_distinct' });
    expect(measureFor(null)).toEqual({ field: '*', agg: 'count' });
  });

  it('reads typed filter values', () => {
    expect(listValue('SEA, PDX ,,', 'string')).toEqual(['SEA', 'PDX']);
    expect(listValue('1, 2.5', 'number')).toEqual([1, 2.5]);
    expect(valueForOp('in', 'SEA')).toEqual(['SEA']);
    expect(valueForOp('=', ['SEA', 'PDX'])).toBe('SEA');
    expect(valueForOp('is null', 'SEA')).toBeUndefined();
    expect(isCompleteFilter({ field: 'origin', op: 'in', value: [] })).toBe(false);
    const date: DatasetField = {
      name: 'date',
      label: 'Date',
      type: 'date',
      role: 'time',
      synonyms: [],
    };
    const range = newFilterFor(date);
    expect(range).toEqual({ field: 'date', op: 'between', value: ['', ''] });
    expect(isCompleteFilter(range)).toBe(false);
    expect(isCompleteFilter({ ...range, value: ['2001-01-01', '2001-02-01'] })).toBe(true);
  });
});

describe('chart tiles', () => {
  it('go to the left, below the lowest tile, 6 by 4, when the last tile fills its row', () => {
    const tile = newChartTile(
      [
        { id: 'a', kind: 'chart', chartId: 1, layout: { x: 0, y: 0, w: 6, h: 8 } },
        { id: 'b', kind: 'text', markdown: 'x', layout: { x: 6, y: 4, w: 6, h: 6 } },
      ],
      9,
    );
    expect(tile).toMatchObject({ kind: 'chart', chartId: 9, layout: { x: 0, y: 10, w: 6, h: 4 } });
    const dashboard = withChartTile(
      { id: 1, name: 'D', tiles: [], filters: [], refreshSeconds: 0 },
      9,
    );
    expect(dashboard.tiles.map((t) => t.layout)).toEqual([{ x: 0, y: 0, w: 6, h: 4 }]);
  });

  it('take the free space beside the last tile, as tall as it', () => {
    const tile = newChartTile(
      [{ id: 'a', kind: 'chart', chartId: 1, layout: { x: 0, y: 2, w: 6, h: 5 } }],
      9,
    );
    expect(tile.layout).toEqual({ x: 6, y: 2, w: 6, h: 5 });
  });
});
