import type { SemanticQuery } from '../../common/analytics';
import type { ChartSpec, DashboardFilter, TileLayout } from '../../common/charts';

// The shape of the demo dashboards (server/seed/demoDashboard.ts seeds them) and small helpers
// to write their charts.

export interface DemoChart {
  key: string;
  name: string;
  description: string;
  spec: ChartSpec;
  layout: TileLayout;
}

export interface DemoDashboard {
  name: string;
  description: string;
  markdown?: { text: string; layout: TileLayout };
  charts: DemoChart[];
  /** Filters by chart key; resolved to chart ids when the charts are inserted. */
  filters: Array<Omit<DashboardFilter, 'bindings'> & { field: string }>;
}

type QueryParts = Partial<Omit<SemanticQuery, 'datasetId'>>;

export function query(datasetId: number, parts: QueryParts): SemanticQuery {
  return { datasetId, dimensions: [], measures: [], filters: [], sort: [], ...parts };
}

export const COUNT = { field: '*', agg: 'count' } as const;
export const layout = (x: number, y: number, w: number, h: number): TileLayout => ({ x, y, w, h });

export function demoChart(
  key: string,
  name: string,
  description: string,
  spec: Omit<ChartSpec, 'title'>,
  at: TileLayout,
): DemoChart {
  return { key, name, description, spec: { ...spec, title: name }, layout: at };
}
