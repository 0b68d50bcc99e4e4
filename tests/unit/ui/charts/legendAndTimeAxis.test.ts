import { describe, expect, it } from 'vitest';
import { buildChartOption } from '../../../../src/ui/charts/options';
import { SIDE_LEGEND_ROOM } from '../../../../src/ui/charts/options/common';
import {
  byMonthAndOrigin,
  byOrigin,
  monthQuery,
  result,
  spec,
  theme,
} from '../../support/chartFixtures';
import { axis, seriesOf } from '../../support/optionReaders';

// Legends keep off their chart; month axes over a short range label months.

const DAY_MS = 24 * 60 * 60 * 1000;

describe('legends', () => {
  it('draw a pie in the box the side legend leaves free, with names cut to fit that room', () => {
    const option = buildChartOption(spec('donut', {}, {}, { legend: 'right' }), byOrigin, theme);
    const [donut] = seriesOf(option);
    expect(donut).toMatchObject({ right: SIDE_LEGEND_ROOM, left: 12, center: ['50%', '50%'] });
    expect(option.legend).toMatchObject({
      right: 0,
      orient: 'vertical',
      type: 'scroll',
      textStyle: { width: 80, overflow: 'truncate' },
    });
    const left = seriesOf(
      buildChartOption(spec('pie', {}, {}, { legend: 'left' }), byOrigin, theme),
    );
    expect(left[0]).toMatchObject({ left: SIDE_LEGEND_ROOM, right: 24 });
  });

  it('keep a top legend to one scrolling line above the plot', () => {
    const option = buildChartOption(spec('line', monthQuery), byMonthAndOrigin, theme);
    expect(option.legend).toMatchObject({ top: 0, type: 'scroll', orient: 'horizontal' });
    expect(option.grid).toMatchObject({ top: 40 });
  });
});

describe('time axes', () => {
  const byMonth = result(
    [
      ['date', 'date'],
      ['sum_delay', 'number'],
    ],
    [
      ['2001-01-01', 1],
      ['2001-02-01', 2],
      ['2001-03-01', 3],
    ],
  );

  it('label a monthly line by month, one tick a month at most, in UTC', () => {
    const option = buildChartOption(
      spec('line', { dimensions: [{ field: 'date', grain: 'month' }] }),
      byMonth,
      theme,
    );
    const xAxis = axis(option, 'xAxis');
    expect(xAxis.minInterval).toBeGreaterThanOrEqual(28 * DAY_MS);
    const { formatter } = xAxis.axisLabel as { formatter: (ms: number) => string };
    expect(formatter(Date.UTC(2001, 1, 1))).toBe('Feb 2001');
    expect(option.useUTC).toBe(true);
  });

  it('follow a month date format over daily data', () => {
    const option = buildChartOption(
      spec('area', { dimensions: [{ field: 'date', grain: 'day' }] }, {}, { dateFormat: 'month' }),
      byMonth,
      theme,
    );
    expect(axis(option, 'xAxis').minInterval).toBeGreaterThanOrEqual(28 * DAY_MS);
  });

  it('leave daily and weekly axes to ECharts ticks', () => {
    const option = buildChartOption(
      spec('line', { dimensions: [{ field: 'date', grain: 'week' }] }),
      byMonth,
      theme,
    );
    expect(axis(option, 'xAxis').minInterval).toBeUndefined();
    expect((axis(option, 'xAxis').axisLabel as { formatter?: unknown }).formatter).toBeUndefined();
  });

  it('space quarters and years by their length', () => {
    const quarters = buildChartOption(
      spec('line', { dimensions: [{ field: 'date', grain: 'quarter' }] }),
      byMonth,
      theme,
    );
    expect(axis(quarters, 'xAxis').minInterval).toBeGreaterThanOrEqual(90 * DAY_MS);
    const { formatter } = axis(quarters, 'xAxis').axisLabel as {
      formatter: (ms: number) => string;
    };
    expect(formatter(Date.UTC(2001, 3, 1))).toBe('Q2 2001');
  });
});
