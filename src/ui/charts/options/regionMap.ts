import type { QueryResult } from '../../../../common/analytics';
import type { ChartSpec } from '../../../../common/charts';
import type { Geographies, Geography } from '../maps/geographies';
import { pickRegionIndex } from '../maps/regionNames';
import { baseOption, colorsOf, escapeHtml } from './common';
import {
  labelFormatter,
  resolveEncoding,
  selectionValue,
  valueFormatter,
  valueOf,
} from './columns';
import type { BuiltChart, ChartTheme, ColumnLabeler } from './types';

// regionMap: countries or US states coloured by the first measure. The region of each row is
// found by its x value's name or code (regionNames.ts); the set of regions is the chart's
// option, else the one the values name more of.

/** The colour of a region the data does not mention, and of the borders between regions. */
export function mapColours(theme: ChartTheme) {
  return {
    empty: theme.dark ? '#3a3a3a' : '#e8e8e8',
    border: theme.dark ? '#1f1f1f' : '#ffffff',
  };
}

/** The colour scale's place: bottom left, bottom right in a right-to-left page. */
export function scalePlacement(theme: ChartTheme): Record<string, unknown> {
  return theme.rtl ? { right: 8, bottom: 8 } : { left: 8, bottom: 8 };
}

function chosenGeography(
  spec: ChartSpec,
  values: unknown[],
  geographies: Geographies,
): Geography | null {
  const asked = spec.options?.mapRegions;
  if (asked) return geographies[asked];
  const index = pickRegionIndex(values, {
    countries: geographies.countries.index,
    usStates: geographies.usStates.index,
  });
  return index ? geographies[index.set] : null;
}

const emptyChart = (spec: ChartSpec, theme: ChartTheme): BuiltChart => ({
  option: { ...baseOption(spec, theme), series: [] },
  selectionAt: () => null,
});

interface RegionDatum {
  name: string;
  value: number | string;
  label: string;
}

export function buildRegionMap(
  spec: ChartSpec & { type: 'regionMap' },
  result: QueryResult,
  theme: ChartTheme,
  labelOf: ColumnLabeler,
  geographies: Geographies | undefined,
): BuiltChart {
  const { x, y } = resolveEncoding(spec, result);
  const measure = y[0];
  if (!geographies || !x || !measure) return emptyChart(spec, theme);
  const label = labelFormatter(x, spec);
  const geography = chosenGeography(
    spec,
    result.rows.map((row) => row[x.index]),
    geographies,
  );
  if (!geography) {
    return { ...emptyChart(spec, theme), unplaced: result.rows.map((row) => label(row[x.index])) };
  }
  const data: RegionDatum[] = [];
  const placedRows: unknown[][] = [];
  const unplaced: string[] = [];
  const placed = new Set<string>();
  for (const row of result.rows) {
    const region = geography.index.match(row[x.index]);
    // a second row of one region ("US" and "USA") would hide the first: it is reported instead
    if (!region || placed.has(region)) {
      unplaced.push(label(row[x.index]));
      continue;
    }
    placed.add(region);
    placedRows.push(row);
    data.push({ name: region, value: valueOf(row[measure.index]), label: label(row[x.index]) });
  }
  const numbers = data
    .map((datum) => datum.value)
    .filter((v): v is number => typeof v === 'number');
  const min = numbers.length > 0 ? Math.min(...numbers) : 0;
  const max = numbers.length > 0 ? Math.max(...numbers) : 1;
  const format = valueFormatter(spec);
  const [accent] = colorsOf(spec, theme);
  const colours = mapColours(theme);
  return {
    maps: [geography],
    unplaced,
    option: {
      ...baseOption(spec, theme),
      tooltip: {
        trigger: 'item',
        formatter: (params: { name: string; data?: RegionDatum }) =>
          params.data
            ? `${escapeHtml(params.data.label)}: ${escapeHtml(format(params.data.value))}`
            : escapeHtml(params.name),
      },
      visualMap: {
        type: 'continuous',
        min,
        max: max === min ? min + 1 : max,
        calculable: true,
        orient: 'vertical',
        ...scalePlacement(theme),
        itemHeight: 100,
        textStyle: { color: theme.textColor },
        formatter: (value: number) => format(value),
        inRange: { color: [theme.dark ? '#2f3b52' : '#e3ecfa', accent] },
      },
      series: [
        {
          type: 'map',
          map: geography.name,
          name: labelOf(measure.name),
          roam: true,
          scaleLimit: { min: 1, max: 20 },
          selectedMode: false,
          itemStyle: { areaColor: colours.empty, borderColor: colours.border, borderWidth: 0.5 },
          emphasis: {
            label: { show: false },
            itemStyle: { borderColor: theme.textColor, borderWidth: 1 },
          },
          data,
        },
      ],
    },
    selectionAt: (_seriesIndex, dataIndex) => {
      const row = placedRows[dataIndex];
      return row ? { field: x.name, value: selectionValue(row[x.index]) } : null;
    },
  };
}
