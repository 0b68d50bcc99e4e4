import { describe, expect, it } from 'vitest';
import { buildChartOption } from '../../../../src/ui/charts/options';
import { brandPalette } from '../../../../src/ui/charts/palette';
import {
  byMonthAndOrigin,
  monthQuery,
  result,
  spec,
  theme as baseTheme,
} from '../../support/chartFixtures';
import { axis, seriesOf } from '../../support/optionReaders';

// Labels that fit (donut labels, time axis ends, the heatmap's colour scale) and a
// series' colour that stays when a filter removes other series.

const colourOf = (series: Record<string, unknown>) =>
  (series.itemStyle as { color?: string } | undefined)?.color;

const theme = { ...baseTheme, palette: brandPalette('#0b5cad') };

describe('chart labels and colours', () => {
  it('keeps a split series and a slice in one colour when other categories are filtered out', () => {
    const all = seriesOf(buildChartOption(spec('column', monthQuery), byMonthAndOrigin, theme));
    const sea = byMonthAndOrigin.rows.filter((row) => row.includes('SEA'));
    const filtered = seriesOf(
      buildChartOption(spec('column', monthQuery), { ...byMonthAndOrigin, rows: sea }, theme),
    );
    expect(filtered).toHaveLength(1);
    const before = all.find((series) => series.name === 'SEA')!;
    expect(colourOf(before)).toBeDefined();
    expect(colourOf(filtered[0])).toBe(colourOf(before));
    expect(new Set(all.map(colourOf)).size).toBe(all.length);

    const byOrigin = result(
      [
        ['origin', 'string'],
        ['sum_delay', 'number'],
      ],
      [
        ['SEA', 1],
        ['PDX', 2],
        ['LAX', 3],
      ],
    );
    const slices = seriesOf(buildChartOption(spec('donut'), byOrigin, theme))[0].data as Array<
      Record<string, unknown>
    >;
    const lax = seriesOf(
      buildChartOption(spec('donut'), { ...byOrigin, rows: [['LAX', 3]] }, theme),
    )[0].data as Array<Record<string, unknown>>;
    expect(colourOf(lax[0])).toBe(colourOf(slices[2]));
  });

  it('cuts long donut labels to a width instead of past the edge', () => {
    const [donut] = seriesOf(
      buildChartOption(
        spec('donut'),
        result(
          [
            ['origin', 'string'],
            ['sum_delay', 'number'],
          ],
          [['A very long airport name indeed', 1]],
        ),
        theme,
      ),
    );
    expect(donut.label).toMatchObject({ overflow: 'truncate', width: expect.any(Number) });
    expect(donut.labelLayout).toMatchObject({ hideOverlap: true });
  });

  it('keeps the first and last labels of a time axis inside the plot', () => {
    const option = buildChartOption(spec('line', monthQuery), byMonthAndOrigin, theme);
    expect(axis(option, 'xAxis').axisLabel).toMatchObject({
      alignMinLabel: 'left',
      alignMaxLabel: 'right',
    });
  });

  it("puts the heatmap's colour scale above the cells, clear of the x labels", () => {
    const option = buildChartOption(spec('heatmap', monthQuery), byMonthAndOrigin, theme) as Record<
      string,
      unknown
    >;
    expect(option.visualMap).toMatchObject({ top: 0 });
    expect((option.visualMap as Record<string, unknown>).bottom).toBeUndefined();
    expect((option.grid as { top: number }).top).toBeGreaterThanOrEqual(48);
  });
});
