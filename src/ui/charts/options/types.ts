// The shapes shared by the option builders.

export interface ChartTheme {
  /** series colours in order (brandPalette()) */
  palette: string[];
  dark: boolean;
  textColor: string;
}

/** One ECharts series as the builders write it. */
export type SeriesOption = Record<string, unknown> & {
  type: string;
  name?: string;
  data: unknown[];
};

/** An ECharts option (passed to setOption as is). */
export type ChartOption = Record<string, unknown> & { series: SeriesOption[] };

/** What a click on a bar, slice or point selects: a field and its raw value. */
export interface ChartSelection {
  field: string;
  value: string | number | boolean | null;
  /** the other dimensions' values of the picked mark (its series, a heatmap's row) */
  also?: Array<{ field: string; value: string | number | boolean | null }>;
  /** where on the page it was picked (client coordinates): a menu of it opens there */
  anchor?: { left: number; top: number };
}

/** An option plus how to turn a click (series index, data index) into a selection. */
export interface BuiltChart {
  option: ChartOption;
  selectionAt: (seriesIndex: number, dataIndex: number) => ChartSelection | null;
}

/** Human names of result columns (measure keys, field names); the raw name by default. */
export type ColumnLabeler = (column: string) => string;

/** Missing values in ECharts data: a gap in lines, no bar. */
export const GAP = '-';

/** The category shown for a null dimension value. */
export const EMPTY_CATEGORY = '(empty)';

/** Past this many points, lines, areas and scatters are down-sampled and drawn in bulk. */
export const LARGE_SERIES_POINTS = 5000;
