import { describe, expect, it } from 'vitest';
import { buildChartOption } from '../../../../src/ui/charts/options';
import { dateMillis } from '../../../../src/ui/charts/format';
import { byMonthAndOrigin, byOrigin, monthQuery, spec, theme } from '../../support/chartFixtures';
import { seriesOf } from '../../support/optionReaders';

// Annotations on time charts: a date is a markLine, a range a markArea, in their colours;
// charts not over time draw none.

const launch = { startsOn: '2001-02-10', endsOn: null, label: 'Launch', colour: '#d62728' };
const strike = { startsOn: '2001-01-05', endsOn: '2001-02-20', label: 'Strike', colour: '#1f77b4' };
const annotations = [launch, strike].map((annotation, index) => ({
  ...annotation,
  id: index + 1,
  datasetId: 1,
  chartId: null,
  createdBy: 1,
  createdAt: '2001-01-01T00:00:00.000Z',
  updatedAt: '2001-01-01T00:00:00.000Z',
}));

describe('annotations in chart options', () => {
  it('mark a date with a line and a range with an area on a line chart over time', () => {
    const option = buildChartOption(spec('line', monthQuery), byMonthAndOrigin, theme, undefined, {
      annotations,
    });
    const [first, second] = seriesOf(option);
    expect(first.markLine).toMatchObject({
      data: [
        {
          xAxis: dateMillis('2001-02-10'),
          label: { formatter: 'Launch', color: '#d62728' },
          lineStyle: { color: '#d62728' },
        },
      ],
    });
    expect(first.markArea).toMatchObject({
      data: [
        [
          { xAxis: dateMillis('2001-01-05'), label: { formatter: 'Strike' } },
          { xAxis: dateMillis('2001-02-20') },
        ],
      ],
    });
    expect(
      (first.markArea as { data: [{ itemStyle: { color: string } }][] }).data[0][0],
    ).toMatchObject({
      itemStyle: { color: '#1f77b4' },
    });
    expect(second.markLine).toBeUndefined();
  });

  it('mark the month a date falls in on a column chart by month', () => {
    const option = buildChartOption(
      spec('column', { dimensions: [{ field: 'date', grain: 'month' }] }),
      byMonthAndOrigin,
      theme,
      undefined,
      { annotations },
    );
    const [first] = seriesOf(option);
    expect(first.markLine).toMatchObject({ data: [{ xAxis: 1 }] });
    expect(first.markArea).toMatchObject({ data: [[{ xAxis: 0 }, { xAxis: 1 }]] });

    const before = { ...annotations[1], startsOn: '2000-12-01', endsOn: '2001-01-15' };
    const early = { ...annotations[0], startsOn: '2000-12-01' };
    const clamped = seriesOf(
      buildChartOption(
        spec('column', { dimensions: [{ field: 'date', grain: 'month' }] }),
        byMonthAndOrigin,
        theme,
        undefined,
        { annotations: [before, early] },
      ),
    )[0];
    // a range begun before the chart starts in its first month; a date before it is not drawn
    expect(clamped.markArea).toMatchObject({ data: [[{ xAxis: 0 }, { xAxis: 0 }]] });
    expect(clamped.markLine).toBeUndefined();
  });

  it('draw nothing on a chart that is not over time', () => {
    const option = buildChartOption(spec('column'), byOrigin, theme, undefined, { annotations });
    for (const series of seriesOf(option)) {
      expect(series.markLine).toBeUndefined();
      expect(series.markArea).toBeUndefined();
    }
    const pie = buildChartOption(spec('pie', monthQuery), byMonthAndOrigin, theme, undefined, {
      annotations,
    });
    expect(JSON.stringify(pie)).not.toContain('markLine');
  });
});
