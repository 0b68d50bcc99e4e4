import { describe, expect, it } from 'vitest';
import { buildChart, buildChartOption } from '../../../../src/ui/charts/options';
import {
  byMonthAndOrigin,
  byOrigin,
  emptyByOrigin,
  monthQuery,
  result,
  spec,
  theme,
} from '../../support/chartFixtures';
import { axis, seriesOf } from '../../support/optionReaders';

describe('column and bar charts', () => {
  it('uses the first dimension as categories and the measure as values by default', () => {
    const option = buildChartOption(spec('column'), byOrigin, theme);
    expect(axis(option, 'xAxis')).toMatchObject({ type: 'category', data: ['SEA', 'PDX', 'LAX'] });
    expect(axis(option, 'yAxis').type).toBe('value');
    expect(seriesOf(option)).toHaveLength(1);
    expect(seriesOf(option)[0]).toMatchObject({
      type: 'bar',
      name: 'sum_delay',
      data: [120, 80, 300],
    });
    expect(option.color).toEqual(theme.palette);
    expect(option.legend).toEqual({ show: false });
  });

  it('draws bar charts horizontally with the first category on top', () => {
    const option = buildChartOption(spec('bar'), byOrigin, theme);
    expect(axis(option, 'yAxis')).toMatchObject({ type: 'category', inverse: true });
    expect(axis(option, 'yAxis').data).toEqual(['SEA', 'PDX', 'LAX']);
    expect(axis(option, 'xAxis').type).toBe('value');
  });

  it('has no categories and an empty series for empty data', () => {
    const option = buildChartOption(spec('column'), emptyByOrigin, theme);
    expect(axis(option, 'xAxis').data).toEqual([]);
    expect(seriesOf(option).map((series) => series.data)).toEqual([[]]);
  });

  it('shows a null category as (empty) and a null value as a gap', () => {
    const data = result(
      [
        ['origin', 'string'],
        ['sum_delay', 'number'],
      ],
      [
        [null, 5],
        ['SEA', null],
      ],
    );
    const option = buildChartOption(spec('column'), data, theme);
    expect(axis(option, 'xAxis').data).toEqual(['(empty)', 'SEA']);
    expect(seriesOf(option)[0].data).toEqual([5, '-']);
  });

  it('draws one row as one bar', () => {
    const data = result(
      [
        ['origin', 'string'],
        ['sum_delay', 'number'],
      ],
      [['SEA', 7]],
    );
    const option = buildChartOption(spec('column'), data, theme);
    expect(axis(option, 'xAxis').data).toEqual(['SEA']);
    expect(seriesOf(option)[0].data).toEqual([7]);
  });

  it('makes one series per measure when there is no series dimension', () => {
    const data = result(
      [
        ['origin', 'string'],
        ['sum_delay', 'number'],
        ['count', 'number'],
      ],
      [
        ['SEA', 1, 10],
        ['PDX', 2, 20],
      ],
    );
    const query = {
      measures: [
        { field: 'delay', agg: 'sum' as const },
        { field: '*', agg: 'count' as const },
      ],
    };
    const option = buildChartOption(spec('column', query), data, theme, (name) => `label ${name}`);
    expect(seriesOf(option).map((series) => [series.name, series.data])).toEqual([
      ['label sum_delay', [1, 2]],
      ['label count', [10, 20]],
    ]);
    expect(option.legend).toMatchObject({ show: true, top: 0 });
  });
});

describe('stacked charts', () => {
  it('stacks one series per value of the series dimension, aligned to the categories', () => {
    const option = buildChartOption(spec('stacked', monthQuery), byMonthAndOrigin, theme);
    expect(axis(option, 'xAxis').data).toEqual(['2001-01-01', '2001-02-01', '2001-03-01']);
    const series = seriesOf(option);
    expect(series.map((s) => [s.name, s.stack, s.data])).toEqual([
      ['SEA', 'total', [10, 30, 50]],
      ['PDX', 'total', [20, '-', 40]],
    ]);
  });

  it('honours an explicit encoding', () => {
    const option = buildChartOption(
      spec('stacked', monthQuery, { x: 'origin', y: ['sum_delay'], series: 'date' }),
      byMonthAndOrigin,
      theme,
    );
    expect(axis(option, 'xAxis').data).toEqual(['SEA', 'PDX']);
    expect(seriesOf(option).map((s) => [s.name, s.data])).toEqual([
      ['2001-01-01', [10, 20]],
      ['2001-02-01', [30, '-']],
      ['2001-03-01', [50, 40]],
    ]);
  });

  it('handles many series', () => {
    const rows = Array.from({ length: 40 }, (_, i) => ['2001-01-01', `S${i}`, i]);
    const data = result(
      [
        ['date', 'date'],
        ['origin', 'string'],
        ['sum_delay', 'number'],
      ],
      rows,
    );
    const option = buildChartOption(spec('stacked', monthQuery), data, theme);
    expect(seriesOf(option)).toHaveLength(40);
    expect(seriesOf(option)[39]).toMatchObject({ name: 'S39', data: [39] });
    expect(option.legend).toMatchObject({ show: true, type: 'scroll' });
  });
});

describe('line and area charts', () => {
  it('puts dates on a time axis as [epoch ms, value] pairs', () => {
    const option = buildChartOption(spec('line', monthQuery), byMonthAndOrigin, theme);
    expect(axis(option, 'xAxis').type).toBe('time');
    const [sea, pdx] = seriesOf(option);
    expect(sea).toMatchObject({ type: 'line', name: 'SEA' });
    expect(sea.data).toEqual([
      [Date.UTC(2001, 0, 1), 10],
      [Date.UTC(2001, 1, 1), 30],
      [Date.UTC(2001, 2, 1), 50],
    ]);
    expect(pdx.data).toEqual([
      [Date.UTC(2001, 0, 1), 20],
      [Date.UTC(2001, 2, 1), 40],
    ]);
  });

  it('reads ISO timestamps and formats time labels with the date format', () => {
    const data = result(
      [
        ['date', 'date'],
        ['sum_delay', 'number'],
      ],
      [
        ['2001-04-01T00:00:00.000Z', 1],
        ['2001-07-01T12:30:00.000Z', 2],
      ],
    );
    const option = buildChartOption(
      spec('area', { dimensions: [{ field: 'date' }] }, {}, { dateFormat: 'quarter' }),
      data,
      theme,
    );
    const series = seriesOf(option)[0];
    expect(series.data).toEqual([
      [Date.UTC(2001, 3, 1), 1],
      [Date.UTC(2001, 6, 1, 12, 30), 2],
    ]);
    expect(series.areaStyle).toBeDefined();
    const formatter = (axis(option, 'xAxis').axisLabel as { formatter: (v: number) => string })
      .formatter;
    expect(formatter(Date.UTC(2001, 6, 1))).toBe('Q3 2001');
  });

  it('formats date categories of column charts', () => {
    const option = buildChartOption(
      spec('column', monthQuery, {}, { dateFormat: 'month' }),
      byMonthAndOrigin,
      theme,
    );
    expect(axis(option, 'xAxis').data).toEqual(['Jan 2001', 'Feb 2001', 'Mar 2001']);
  });

  it('leaves gaps for null values and skips rows without a date', () => {
    const data = result(
      [
        ['date', 'date'],
        ['sum_delay', 'number'],
      ],
      [
        ['2001-01-01', null],
        [null, 3],
        ['2001-01-03', 4],
      ],
    );
    const option = buildChartOption(spec('line', { dimensions: [{ field: 'date' }] }), data, theme);
    expect(seriesOf(option)[0].data).toEqual([
      [Date.UTC(2001, 0, 1), '-'],
      [Date.UTC(2001, 0, 3), 4],
    ]);
    expect(seriesOf(option)[0].connectNulls).toBe(false);
  });

  it('down-samples large series with LTTB and draws no per-point symbols', () => {
    const start = Date.UTC(2001, 0, 1);
    const rows = Array.from({ length: 100_000 }, (_, i) => [
      new Date(start + i * 60_000).toISOString(),
      Math.sin(i / 100),
    ]);
    const data = result(
      [
        ['date', 'date'],
        ['sum_delay', 'number'],
      ],
      rows,
    );
    const option = buildChartOption(spec('line', { dimensions: [{ field: 'date' }] }), data, theme);
    const series = seriesOf(option)[0];
    expect(series.data).toHaveLength(100_000);
    expect(series).toMatchObject({
      sampling: 'lttb',
      showSymbol: false,
      symbol: 'none',
      large: true,
    });
    expect(option.dataZoom).toBeDefined();
  });

  it('draws many bars in bulk', () => {
    const rows = Array.from({ length: 6000 }, (_, i) => [`c${i}`, i]);
    const data = result(
      [
        ['origin', 'string'],
        ['sum_delay', 'number'],
      ],
      rows,
    );
    expect(seriesOf(buildChartOption(spec('column'), data, theme))[0]).toMatchObject({
      large: true,
    });
    expect(seriesOf(buildChartOption(spec('column'), byOrigin, theme))[0].large).toBeUndefined();
  });

  it('keeps small series un-sampled with symbols', () => {
    const option = buildChartOption(spec('line', monthQuery), byMonthAndOrigin, theme);
    const series = seriesOf(option)[0];
    expect(series.sampling).toBeUndefined();
    expect(series.showSymbol).toBe(true);
  });
});

describe('chart options', () => {
  it('applies axis labels, legend position, colours and number format', () => {
    const option = buildChartOption(
      spec(
        'column',
        {},
        {},
        {
          xLabel: 'Airport',
          yLabel: 'Delay',
          legend: 'bottom',
          colors: ['#ff0000'],
          numberFormat: 'currency:USD',
        },
      ),
      byOrigin,
      theme,
    );
    expect(axis(option, 'xAxis')).toMatchObject({ name: 'Airport' });
    expect(axis(option, 'yAxis')).toMatchObject({ name: 'Delay' });
    expect(option.legend).toMatchObject({ show: true, bottom: 0 });
    expect(option.color).toEqual(['#ff0000']);
    const formatter = (axis(option, 'yAxis').axisLabel as { formatter: (v: number) => string })
      .formatter;
    expect(formatter(1234.5)).toBe('$1,234.50');
  });

  it('hides the legend when asked', () => {
    const option = buildChartOption(
      spec('stacked', monthQuery, {}, { legend: 'none' }),
      byMonthAndOrigin,
      theme,
    );
    expect(option.legend).toEqual({ show: false });
  });

  it('uses the theme text colour', () => {
    const option = buildChartOption(spec('column'), byOrigin, {
      ...theme,
      textColor: '#eeeeee',
      dark: true,
    });
    expect(option.textStyle).toEqual({ color: '#eeeeee' });
  });
});

describe('selections of clicks', () => {
  it('selects the clicked category', () => {
    const chart = buildChart(spec('column'), byOrigin, theme);
    expect(chart.selectionAt(0, 1)).toEqual({ field: 'origin', value: 'PDX' });
    expect(chart.selectionAt(0, 9)).toBeNull();
  });

  it('selects the raw date of a clicked point on a time axis, with its series value', () => {
    const chart = buildChart(spec('line', monthQuery), byMonthAndOrigin, theme);
    expect(chart.selectionAt(1, 1)).toEqual({
      field: 'date',
      value: '2001-03-01',
      also: [{ field: 'origin', value: 'PDX' }],
    });
  });

  it('selects the series value of a clicked stacked segment beside its category', () => {
    const chart = buildChart(spec('stacked', monthQuery), byMonthAndOrigin, theme);
    expect(chart.selectionAt(1, 0)).toMatchObject({
      field: 'date',
      also: [{ field: 'origin', value: 'PDX' }],
    });
  });

  it('selects null for the (empty) category', () => {
    const data = result(
      [
        ['origin', 'string'],
        ['sum_delay', 'number'],
      ],
      [[null, 1]],
    );
    expect(buildChart(spec('bar'), data, theme).selectionAt(0, 0)).toEqual({
      field: 'origin',
      value: null,
    });
  });
});

describe('charts without a dimension or measure', () => {
  it('draws no series when the result has no usable columns', () => {
    const data = result([['origin', 'string']], [['SEA']]);
    const option = buildChartOption(spec('column', { measures: [] }), data, theme);
    expect(seriesOf(option)).toEqual([]);
  });

  it('has no canvas option for table and kpi', () => {
    expect(seriesOf(buildChartOption(spec('table'), byOrigin, theme))).toEqual([]);
    expect(seriesOf(buildChartOption(spec('kpi'), byOrigin, theme))).toEqual([]);
  });
});
