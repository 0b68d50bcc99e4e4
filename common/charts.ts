import type { QueryFilter, RelativeDate } from './analytics';
import type { DashboardFilter, DashboardFilterValue } from './api/dashboards';

// Charts and dashboards (docs/architecture.md §6), shared by the web app and the server.

export const CHART_TYPES = [
  'bar',
  'column',
  'stacked',
  'line',
  'area',
  'pie',
  'donut',
  'scatter',
  'table',
  'kpi',
  'heatmap',
  'histogram',
  'pivot',
  'regionMap',
  'pointMap',
] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** The regions a region map draws: countries of the world, or the states of the US. */
export const MAP_REGION_SETS = ['countries', 'usStates'] as const;
export type MapRegionSet = (typeof MAP_REGION_SETS)[number];

export const LEGEND_POSITIONS = ['top', 'bottom', 'left', 'right', 'none'] as const;
export type LegendPosition = (typeof LEGEND_POSITIONS)[number];

export const DATE_FORMATS = ['date', 'month', 'quarter', 'year', 'datetime'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

// Chart specs and saved charts are declared with their wire schemas in ./api/charts.ts.
export type { ChartEncoding, ChartOptions, ChartSpec, SavedChart } from './api/charts';

/**
 * The dashboard grid's breakpoints, widest first: columns, and the least grid width (px) at
 * which each applies. `lg` is the layout an editor draws on a desktop (TileLayout `layout`);
 * the narrower ones are derived from it in reading order unless a layout was saved for them.
 */
export const GRID_BREAKPOINTS = {
  lg: { cols: 12, minWidth: 960 },
  sm: { cols: 2, minWidth: 440 },
  xs: { cols: 1, minWidth: 0 },
} as const;
/** The narrowest tile on the 12-column grid (the editor's least width, the API's too). */
export const MIN_TILE_COLUMNS = 2;
export type GridBreakpoint = keyof typeof GRID_BREAKPOINTS;
export type NarrowBreakpoint = Exclude<GridBreakpoint, 'lg'>;

// Dashboards are declared with their wire schemas in ./api/dashboards.ts.
export type {
  Dashboard,
  DashboardFilter,
  DashboardFilterValue,
  DashboardLink,
  DashboardTab,
  DashboardTile,
  FilterBinding,
  TileLayout,
} from './api/dashboards';

/**
 * The presets of a date-range filter: periods relative to the day the query runs, so a saved,
 * shared or bookmarked preset moves with time. `last N days` ends at the start of today.
 */
export const DATE_PRESETS = {
  last7days: { kind: 'last', count: 7, unit: 'day' },
  last30days: { kind: 'last', count: 30, unit: 'day' },
  last90days: { kind: 'last', count: 90, unit: 'day' },
  thisMonth: { kind: 'this', unit: 'month' },
  thisQuarter: { kind: 'this', unit: 'quarter' },
  thisYear: { kind: 'this', unit: 'year' },
} as const satisfies Record<string, RelativeDate>;
export type DatePreset = keyof typeof DATE_PRESETS;

/** The preset a date range's value names (`['last30days']`), if it names one. */
export function datePresetOf(value: ReadonlyArray<string | number>): DatePreset | undefined {
  const [only] = value;
  return value.length === 1 && typeof only === 'string' && Object.hasOwn(DATE_PRESETS, only)
    ? (only as DatePreset)
    : undefined;
}

/**
 * A date range as query filters: a preset (`[name]`) is `relative`; [from, to] with both ends
 * is `between`, one end only from (`>=`) or until (`<=`) it, neither nothing.
 */
function dateRangeFilters(field: string, value: Array<string | number>): QueryFilter[] {
  const preset = datePresetOf(value);
  if (preset) return [{ field, op: 'relative', value: { ...DATE_PRESETS[preset] } }];
  const [from, to] = value;
  if (from && to) return [{ field, op: 'between', value: [from, to] }];
  if (from) return [{ field, op: '>=', value: from }];
  if (to) return [{ field, op: '<=', value: to }];
  return [];
}

/**
 * The query filters a dashboard filter value adds to one chart's query: a date range
 * becomes `between` (or `>=` / `<=` with one end), values become `=` (one) or `in`
 * (several). Empty values add nothing.
 */
export function filtersForChart(
  filters: DashboardFilter[],
  values: DashboardFilterValue[],
  chartId: number,
): QueryFilter[] {
  const result: QueryFilter[] = [];
  for (const filter of filters) {
    const value = values.find((candidate) => candidate.filterId === filter.id)?.value ?? [];
    if (value.length === 0) continue;
    for (const binding of filter.bindings.filter((b) => b.chartId === chartId)) {
      if (filter.type === 'dateRange') {
        result.push(...dateRangeFilters(binding.field, value));
      } else if (value.length === 1) {
        result.push({ field: binding.field, op: '=', value: value[0] });
      } else {
        result.push({ field: binding.field, op: 'in', value });
      }
    }
  }
  return result;
}
