import { describe, expect, it } from 'vitest';
import {
  activeFilterValues,
  bucketEnd,
  initialFilterValues,
  tileQuery,
  type CrossFilter,
} from '../../../../src/ui/dashboard/tileQueries';
import { CHARTS, flightsDashboard } from '../../support/dashboardFixtures';

const [byOrigin, byDestination, cars] = CHARTS;
const { filters } = flightsDashboard();

describe('tile queries', () => {
  it('adds the bound dashboard filters to the chart query, after its own filters', () => {
    const values = [
      { filterId: 'when', value: ['2001-01-01', '2001-01-31'] },
      { filterId: 'from', value: ['SEA', 'PDX'] },
    ];
    expect(tileQuery(byDestination, filters, values, null).filters).toEqual([
      { field: 'distance', op: '>', value: 100 },
      { field: 'date', op: 'between', value: ['2001-01-01', '2001-01-31'] },
      { field: 'origin', op: 'in', value: ['SEA', 'PDX'] },
    ]);
    expect(tileQuery(byOrigin, filters, values, null).filters).toEqual([
      { field: 'distance', op: '>', value: 100 },
      { field: 'date', op: 'between', value: ['2001-01-01', '2001-01-31'] },
    ]);
    expect(tileQuery(cars, filters, values, null).filters).toEqual([
      { field: 'distance', op: '>', value: 100 },
    ]);
  });

  it('filters from or until the one end a date range has, and leaves out empty values', () => {
    const from = [
      { filterId: 'when', value: ['2001-01-01', ''] },
      { filterId: 'from', value: [] },
    ];
    expect(activeFilterValues(filters, from)).toEqual([from[0]]);
    expect(tileQuery(byOrigin, filters, from, null).filters).toEqual([
      { field: 'distance', op: '>', value: 100 },
      { field: 'date', op: '>=', value: '2001-01-01' },
    ]);
    const until = [{ filterId: 'when', value: ['', '2001-03-31'] }];
    expect(tileQuery(byOrigin, filters, until, null).filters).toContainEqual({
      field: 'date',
      op: '<=',
      value: '2001-03-31',
    });
    const neither = [{ filterId: 'when', value: ['', ''] }];
    expect(activeFilterValues(filters, neither)).toEqual([]);
    expect(tileQuery(byOrigin, filters, neither, null).filters).toHaveLength(1);
  });

  it('applies a cross-filter to the other charts of the same dataset only', () => {
    const cross: CrossFilter = { chartId: 11, datasetId: 7, field: 'origin', value: 'SEA' };
    expect(tileQuery(byOrigin, filters, [], cross).filters).toEqual([
      { field: 'distance', op: '>', value: 100 },
    ]);
    expect(tileQuery(byDestination, filters, [], cross).filters).toEqual([
      { field: 'distance', op: '>', value: 100 },
      { field: 'origin', op: '=', value: 'SEA' },
    ]);
    expect(tileQuery(cars, filters, [], cross).filters).toHaveLength(1);
  });

  it('turns a clicked time bucket into the range of that bucket', () => {
    const cross: CrossFilter = {
      chartId: 11,
      datasetId: 7,
      field: 'date',
      value: '2001-02-01T00:00:00.000Z',
      grain: 'month',
    };
    expect(tileQuery(byDestination, [], [], cross).filters.slice(1)).toEqual([
      { field: 'date', op: '>=', value: '2001-02-01' },
      { field: 'date', op: '<', value: '2001-03-01' },
    ]);
    expect(bucketEnd('2001-12-01', 'quarter')).toBe('2002-03-01');
    expect(bucketEnd('2001-01-31', 'day')).toBe('2001-02-01');
    expect(bucketEnd('2001-01-01', 'week')).toBe('2001-01-08');
  });

  it('starts from the defaults, with values frozen by a share link winning', () => {
    expect(initialFilterValues(filters)).toEqual([
      { filterId: 'when', value: ['2001-01-01', '2001-03-31'] },
      { filterId: 'from', value: [] },
    ]);
    expect(
      initialFilterValues(filters, [{ filterId: 'when', value: ['2001-05-01', '2001-05-31'] }])[0],
    ).toEqual({ filterId: 'when', value: ['2001-05-01', '2001-05-31'] });
  });
});
