// The shapes shared by the option builders.

export interface ChartTheme {
  /** series colours in order (brandPalette()) */
  palette: string[];
  dark: boolean;
  textColor: string;
  /** a right-to-left page: legends and colour scales sit on the other side */
  rtl?: boolean;
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

/** Boundaries a map draws, registered with ECharts (registerMap) before its option is set. */
export interface MapRegistration {
  name: string;
  /** a GeoJSON FeatureCollection whose features' `properties.name` are the region names */
  geoJSON: unknown;
  /** regions drawn elsewhere and at another size (Alaska beside the lower 48) */
  specialAreas?: Record<string, { left: number; top: number; width: number }>;
}

/** An option plus how to turn a click (series index, data index) into a selection. */
export interface BuiltChart {
  option: ChartOption;
  selectionAt: (seriesIndex: number, dataIndex: number) => ChartSelection | null;
  /** the maps the option draws on */
  maps?: MapRegistration[];
  /** values of the data a map could not place (no region of that name, no coordinates) */
  unplaced?: string[];
}

/** Words the option builders put in tooltips, in the page's language. */
export interface ChartTexts {
  /** "12 points" of a cluster on a point map */
  points: (count: number) => string;
}

/** Human names of result columns (measure keys, field names); the raw name by default. */
export type ColumnLabeler = (column: string) => string;

/** Missing values in ECharts data: a gap in lines, no bar. */
export const GAP = '-';

/** The category shown for a null dimension value. */
export const EMPTY_CATEGORY = '(empty)';

/** Past this many points, lines, areas and scatters are down-sampled and drawn in bulk. */
export const LARGE_SERIES_POINTS = 5000;
