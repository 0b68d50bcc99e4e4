import { describe, expect, it } from 'vitest';
import { linkedDashboardPath, linkedFilterValue } from '../../../common/dashboardLinks';

// "Open <dashboard>": the clicked value as the value of the target dashboard's filter.

describe('dashboard links', () => {
  it('passes a value to a values filter, a time bucket to a date range', () => {
    expect(linkedFilterValue({ type: 'values' }, { field: 'origin', value: 'SEA' })).toEqual([
      'SEA',
    ]);
    expect(linkedFilterValue({ type: 'values' }, { field: 'n', value: 3 })).toEqual(['3']);
    const month = { field: 'date', value: '2001-02-01', grain: 'month' as const };
    expect(linkedFilterValue({ type: 'dateRange' }, month)).toEqual(['2001-02-01', '2001-02-28']);
    const year = { field: 'date', value: '2001-01-01T00:00:00.000Z', grain: 'year' as const };
    expect(linkedFilterValue({ type: 'dateRange' }, year)).toEqual(['2001-01-01', '2001-12-31']);
    const day = { field: 'date', value: '2001-03-05' };
    expect(linkedFilterValue({ type: 'dateRange' }, day)).toEqual(['2001-03-05', '2001-03-05']);
  });

  it("opens the target's address with the value in its filter", () => {
    const link = { dashboardId: 7, filterId: 'from' };
    expect(linkedDashboardPath(link, { type: 'values' }, { field: 'o', value: 'A&B' })).toBe(
      '/dashboards/7?f.from=A%26B',
    );
    const month = { field: 'date', value: '2001-02-01', grain: 'month' as const };
    expect(linkedDashboardPath({ ...link, filterId: 'when' }, { type: 'dateRange' }, month)).toBe(
      '/dashboards/7?f.when=2001-02-01&f.when=2001-02-28',
    );
  });
});
