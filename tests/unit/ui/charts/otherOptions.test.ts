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

describe('pie and donut charts', () => {
  it('makes one slice per category, sized by the measure', () => {
    const option = buildChartOption(spec('pie'), byOrigin, theme);
    const [pie] = seriesOf(option);
    expect(pie).toMatchObject({ type: 'pie', radius: [0, '62%'] });
    expect(pie.data).toMatchObject([
      { name: 'SEA', value: 120 },
      { name: 'PDX', value: 80 },
      { name: 'LAX', value: 300 },
    ]);
  });

  it('has a hole for donuts', () => {
    const [donut] = seriesOf(buildChartOption(spec('donut'), byOrigin, theme));
    expect(donut.radius).toEqual(['40%', '62%']);
  });

  it('names null slices (empty) and leaves null values out', () => {
    const data = result(
      [
        ['origin', 'string'],
        ['sum_delay', 'number'],
      ],
      [
        [null, 3],
        ['SEA', null],
      ],
    );
    expect(seriesOf(buildChartOption(spec('pie'), data, theme))[0].data).toMatchObject([
      { name: '(empty)', value: 3 },
      { name: 'SEA', value: '-' },
    ]);
  });

  it('has no slices for empty data and one for one row', () => {
    expect(seriesOf(buildChartOption(spec('pie'), emptyByOrigin, theme))[0].data).toEqual([]);
    const one = result(
      [
        ['origin', 'string'],
        ['sum_delay', 'number'],
      ],
      [['SEA', 1]],
    );
    expect(seriesOf(buildChartOption(spec('donut'), one, theme))[0].data).toMatchObject([
      { name: 'SEA', value: 1 },
    ]);
  });

  it('formats date slices and selects the raw value', () => {
    const data = result(
      [
        ['date', 'date'],
        ['sum_delay', 'number'],
      ],
      [
        ['2001-01-01', 1],
        ['2001-02-01', 2],
      ],
    );
    const chartSpec = spec(
      'pie',
      { dimensions: [{ field: 'date', grain: 'month' }] },
      {},
      { dateFormat: 'month' },
    );
    const chart = buildChart(chartSpec, data, theme);
    expect((chart.option.series[0].data as Array<{ name: string }>).map((d) => d.name)).toEqual([
      'Jan 2001',
      'Feb 2001',
    ]);
    expect(chart.selectionAt(0, 1)).toEqual({ field: 'date', value: '2001-02-01' });
  });

  it('shows the legend on the right unless told otherwise', () => {
    expect(buildChartOption(spec('pie'), byOrigin, theme).legend).toMatchObject({
      right: 0,
      orient: 'vertical',
    });
    expect(
      buildChartOption(spec('pie', {}, {}, { legend: 'none' }), byOrigin, theme).legend,
    ).toEqual({ show: false });
  });
});

const cars = result(
  [
    ['origin', 'string'],
    ['avg_horsepower', 'number'],
    ['avg_mpg', 'number'],
    ['count', 'number'],
  ],
  [
    ['USA', 120, 20, 250],
    ['Europe', 80, 28, 70],
    ['Japan', 75, 30, null],
    [null, 90, null, 4],
  ],
);
const carsQuery = {
  dimensions: [{ field: 'origin' }],
  measures: [
    { field: 'horsepower', agg: 'avg' as const },
    { field: 'mpg', agg: 'avg' as const },
    { field: '*', agg: 'count' as const },
  ],
};

describe('scatter charts', () => {
  it('plots the first measure against the second, one series per value of the first dimension', () => {
    const option = buildChartOption(spec('scatter', carsQuery), cars, theme);
    expect(axis(option, 'xAxis').type).toBe('value');
    expect(axis(option, 'yAxis').type).toBe('value');
    expect(seriesOf(option).map((s) => [s.type, s.name, s.data])).toEqual([
      ['scatter', 'USA', [[120, 20]]],
      ['scatter', 'Europe', [[80, 28]]],
      ['scatter', 'Japan', [[75, 30]]],
      ['scatter', '(empty)', [[90, '-']]],
    ]);
  });

  it('colours by the colour field and sizes points by the size field', () => {
    const chart = buildChart(
      spec('scatter', carsQuery, {
        x: 'avg_horsepower',
        y: ['avg_mpg'],
        color: 'origin',
        size: 'count',
      }),
      cars,
      theme,
    );
    const [usa] = chart.option.series;
    expect(usa.data).toEqual([[120, 20, 250]]);
    const sizeOf = usa.symbolSize as (value: unknown[]) => number;
    expect(sizeOf([0, 0, 250])).toBe(36);
    expect(sizeOf([0, 0, 0])).toBe(4);
    expect(sizeOf([0, 0, '-'])).toBe(4);
    expect(chart.selectionAt(1, 0)).toEqual({ field: 'origin', value: 'Europe' });
  });

  it('plots a measure over a dimension without a colour field as one series', () => {
    const option = buildChartOption(spec('scatter'), byOrigin, theme);
    expect(axis(option, 'xAxis').type).toBe('category');
    expect(seriesOf(option)).toHaveLength(1);
    expect(seriesOf(option)[0].data).toEqual([
      ['SEA', 120],
      ['PDX', 80],
      ['LAX', 300],
    ]);
  });

  it('draws large scatters in bulk and progressively', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [i, i % 97]);
    const data = result(
      [
        ['distance', 'number'],
        ['delay', 'number'],
      ],
      rows,
    );
    const chart = spec(
      'scatter',
      { dimensions: [], measures: [] },
      { x: 'distance', y: ['delay'] },
    );
    const [series] = seriesOf(buildChartOption(chart, data, theme));
    expect(series.data).toHaveLength(20_000);
    expect(series).toMatchObject({ large: true, progressive: 20000 });
  });

  it('has one empty series for empty data', () => {
    const option = buildChartOption(spec('scatter'), emptyByOrigin, theme);
    expect(seriesOf(option).map((s) => s.data)).toEqual([[]]);
  });
});

describe('heatmaps', () => {
  it('places the first measure in x (first dimension) by y (second dimension) cells', () => {
    const option = buildChartOption(spec('heatmap', monthQuery), byMonthAndOrigin, theme);
    expect(axis(option, 'xAxis').data).toEqual(['2001-01-01', '2001-02-01', '2001-03-01']);
    expect(axis(option, 'yAxis').data).toEqual(['SEA', 'PDX']);
    expect(seriesOf(option)[0]).toMatchObject({ type: 'heatmap' });
    expect(seriesOf(option)[0].data).toEqual([
      [0, 0, 10],
      [0, 1, 20],
      [1, 0, 30],
      [2, 1, 40],
      [2, 0, 50],
    ]);
    expect(option.visualMap).toMatchObject({ min: 10, max: 50 });
    expect((option.visualMap as { inRange: { color: string[] } }).inRange.color[1]).toBe('#123456');
  });

  it('keeps nulls as (empty) cells and gaps', () => {
    const data = result(
      [
        ['date', 'date'],
        ['origin', 'string'],
        ['sum_delay', 'number'],
      ],
      [
        ['2001-01-01', null, 5],
        [null, 'SEA', null],
      ],
    );
    const option = buildChartOption(spec('heatmap', monthQuery), data, theme);
    expect(axis(option, 'xAxis').data).toEqual(['2001-01-01', '(empty)']);
    expect(axis(option, 'yAxis').data).toEqual(['(empty)', 'SEA']);
    expect(seriesOf(option)[0].data).toEqual([
      [0, 0, 5],
      [1, 1, '-'],
    ]);
    // one value still spans a colour range
    expect(option.visualMap).toMatchObject({ min: 5, max: 6 });
  });

  it('has no cells for empty data or a single dimension', () => {
    expect(
      seriesOf(
        buildChartOption(
          spec('heatmap', monthQuery),
          result(
            byMonthAndOrigin.columns.map((c) => [c.name, c.type]),
            [],
          ),
          theme,
        ),
      )[0].data,
    ).toEqual([]);
    expect(seriesOf(buildChartOption(spec('heatmap'), byOrigin, theme))[0].data).toEqual([]);
  });
});

const delays = result(
  [
    ['delay', 'number'],
    ['count', 'number'],
  ],
  [
    [20, 5],
    [-10, 2],
    [0, 9],
    [null, 1],
  ],
);
const delayQuery = {
  dimensions: [{ field: 'delay', bin: 10 }],
  measures: [{ field: '*', agg: 'count' as const }],
};

describe('histograms', () => {
  it('orders bins, fills empty ones with 0 and draws bars without gaps', () => {
    const chart = buildChart(spec('histogram', delayQuery), delays, theme);
    expect(axis(chart.option, 'xAxis').data).toEqual([
      '-10 – 0',
      '0 – 10',
      '10 – 20',
      '20 – 30',
      '(empty)',
    ]);
    const [bars] = chart.option.series;
    expect(bars).toMatchObject({ type: 'bar', barCategoryGap: '0%' });
    expect(bars.data).toEqual([2, 9, 0, 5, 1]);
    expect(chart.selectionAt(0, 3)).toEqual({ field: 'delay', value: 20 });
    expect(chart.selectionAt(0, 4)).toEqual({ field: 'delay', value: null });
  });

  it('takes the bin width from the options, else infers it', () => {
    const wide = buildChartOption(
      spec('histogram', delayQuery, {}, { binWidth: 5 }),
      delays,
      theme,
    );
    expect(axis(wide, 'xAxis').data?.slice(0, 3)).toEqual(['-10 – -5', '-5 – 0', '0 – 5']);
    expect(seriesOf(wide)[0].data?.slice(0, 3)).toEqual([2, 0, 9]);
    // bins that are not on the grid of the width are shown as they are, none lost
    const offGrid = buildChartOption(
      spec('histogram', delayQuery, {}, { binWidth: 15 }),
      delays,
      theme,
    );
    expect(axis(offGrid, 'xAxis').data).toEqual(['-10 – 5', '0 – 15', '20 – 35', '(empty)']);
    expect(seriesOf(offGrid)[0].data).toEqual([2, 9, 5, 1]);
    const inferred = buildChartOption(
      spec('histogram', { ...delayQuery, dimensions: [{ field: 'delay' }] }),
      result(
        delays.columns.map((c) => [c.name, c.type]),
        [
          [0.2, 1],
          [0.4, 3],
        ],
      ),
      theme,
    );
    expect(axis(inferred, 'xAxis').data).toEqual(['0.2 – 0.4', '0.4 – 0.6']);
    expect(seriesOf(inferred)[0].data).toEqual([1, 3]);
  });

  it('draws one bin for one row and nothing for empty data', () => {
    const one = result(
      delays.columns.map((c) => [c.name, c.type]),
      [[40, 7]],
    );
    expect(seriesOf(buildChartOption(spec('histogram', delayQuery), one, theme))[0].data).toEqual([
      7,
    ]);
    const none = result(
      delays.columns.map((c) => [c.name, c.type]),
      [],
    );
    expect(seriesOf(buildChartOption(spec('histogram', delayQuery), none, theme))[0].data).toEqual(
      [],
    );
  });
});

describe('tooltips', () => {
  const hostile = '<img src=x onerror=alert(1)>';
  type Formatter = (params: unknown) => string;
  const tooltipOf = (option: Record<string, unknown>) =>
    (option.tooltip as { formatter: Formatter }).formatter;

  it('escape names from the data in pie, scatter and heatmap tooltips', () => {
    const pie = tooltipOf(buildChartOption(spec('pie'), byOrigin, theme));
    expect(pie({ name: hostile, value: 1, percent: 50 })).toBe(
      '&lt;img src=x onerror=alert(1)&gt;: 1 (50%)',
    );
    const scatter = tooltipOf(buildChartOption(spec('scatter', carsQuery), cars, theme));
    expect(scatter({ seriesName: hostile, value: [1, 2] })).toBe(
      '&lt;img src=x onerror=alert(1)&gt;<br/>avg_horsepower: 1<br/>avg_mpg: 2',
    );
    const data = result(
      [
        ['date', 'date'],
        ['origin', 'string'],
        ['sum_delay', 'number'],
      ],
      [['2001-01-01', hostile, 5]],
    );
    const heatmap = tooltipOf(buildChartOption(spec('heatmap', monthQuery), data, theme));
    expect(heatmap({ value: [0, 0, 5] })).toBe(
      '2001-01-01 · &lt;img src=x onerror=alert(1)&gt;: 5',
    );
  });
});
