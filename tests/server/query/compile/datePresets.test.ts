import { describe, expect, it } from 'vitest';
import { relativeDateRange } from '../../../../server/query/compile/relativeDates';
import { filtersForChart, type DashboardFilter } from '../../../../common/charts';

// A dashboard date range set to a preset asks for a relative period, which the server turns
// into dates from the day the query runs: the same saved preset covers later days later.

const DATE: DashboardFilter = {
  id: 'when',
  label: 'Date',
  type: 'dateRange',
  bindings: [{ chartId: 1, field: 'date' }],
};

/** The dates the preset's query covers when it runs at `now`. */
function rangeAt(preset: string, now: string) {
  const [filter] = filtersForChart([DATE], [{ filterId: 'when', value: [preset] }], 1);
  expect(filter).toMatchObject({ field: 'date', op: 'relative' });
  return relativeDateRange(filter.value as Parameters<typeof relativeDateRange>[0], new Date(now));
}

describe('date presets of a dashboard date range', () => {
  const cases: Array<[string, string, string]> = [
    ['last7days', '2024-05-08', '2024-05-15'],
    ['last30days', '2024-04-15', '2024-05-15'],
    ['last90days', '2024-02-15', '2024-05-15'],
    ['thisMonth', '2024-05-01', '2024-06-01'],
    ['thisQuarter', '2024-04-01', '2024-07-01'],
    ['thisYear', '2024-01-01', '2025-01-01'],
  ];
  for (const [preset, start, end] of cases) {
    it(`${preset} from Wednesday 15 May 2024`, () => {
      expect(rangeAt(preset, '2024-05-15T13:45:00Z')).toEqual({ start, end });
    });
  }

  it('moves with time', () => {
    expect(rangeAt('last7days', '2024-06-03T08:00:00Z')).toEqual({
      start: '2024-05-27',
      end: '2024-06-03',
    });
  });

  it('keeps dates as dates and ignores names that are no preset', () => {
    const values = (value: string[]) => filtersForChart([DATE], [{ filterId: 'when', value }], 1);
    expect(values(['2024-01-01', '2024-02-01'])).toEqual([
      { field: 'date', op: 'between', value: ['2024-01-01', '2024-02-01'] },
    ]);
    expect(values(['toString'])).toEqual([{ field: 'date', op: '>=', value: 'toString' }]);
  });
});
