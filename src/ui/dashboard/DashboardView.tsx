import type { ChartLink } from './ChartTile';
import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import { Alert, Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import type {
  Dashboard,
  DashboardFilterValue,
  DashboardTile,
  SavedChart,
} from '../../../common/charts';
import { DashboardGrid } from './DashboardGrid';
import { DashboardTabsBar, TAB_PANEL_ID, tabElementId } from './DashboardTabsBar';
import { tilesOfTab } from '../../../common/dashboardTabs';
import { useDashboardTab } from './useDashboardTab';
import { moveTileToTab } from './tileEditing';
import { useNavigate } from 'react-router-dom';
import { linkedDashboardPath } from '../../../common/dashboardLinks';
import type { ClickedValue } from '../../../common/drill';
import { FiltersBar } from './FiltersBar';
import type { ChartSelection } from './LazyChart';
import { initialFilterValues, tileQuery, type CrossFilter } from './tileQueries';
import type { DrillContextAnswer } from '../../../common/api/drill';
import { reloadOnStaleChunk } from '../navigation/staleChunk';
import { useDashboardDrill } from './drill/useDashboardDrill';
import type { TileRunner } from './tileRunners';
import { useTileResults } from './useTileResults';

// The menu of a picked value and the rows dialog load on the first pick, not with the page.
const PointMenu = lazy(
  reloadOnStaleChunk(() => import('./drill/PointMenu').then((m) => ({ default: m.PointMenu }))),
);
const RowsDialog = lazy(
  reloadOnStaleChunk(() => import('./drill/RowsDialog').then((m) => ({ default: m.RowsDialog }))),
);

interface DashboardViewProps {
  dashboard: Dashboard;
  charts: SavedChart[];
  runner: TileRunner;
  /** the charts are still loading */
  chartsLoading?: boolean;
  editing?: boolean;
  chartLink?: ChartLink;
  frozen?: DashboardFilterValue[];
  /** values chosen before (kept in the page's address), in place of the defaults */
  startValues?: DashboardFilterValue[];
  onTilesChange?: (tiles: DashboardTile[]) => void;
  onEditText?: (tile: DashboardTile) => void;
  onEditHeading?: (tile: DashboardTile) => void;
  /** the dashboards chart tiles link to ("Open <dashboard>"), by id: signed in only */
  linkedDashboards?: ReadonlyMap<number, Pick<Dashboard, 'id' | 'name' | 'filters'>>;
  /** edit mode: link a chart tile to a dashboard */
  onLinkTile?: (tile: DashboardTile) => void;
  /** the editor's tab actions, shown beside the tabs in edit mode */
  tabActions?: ReactNode;
  gridRef?: Ref<HTMLDivElement>;
  /** bumped by the page's Refresh button */
  refreshKey?: number;
  /** told the filter values on screen (the share dialog freezes them) */
  onValuesChange?: (values: DashboardFilterValue[]) => void;
  /** values set from outside (an embedding page's host), applied when this changes */
  valuesFromOutside?: DashboardFilterValue[];
  /** told a click on a chart's mark, whether or not the runner cross-filters */
  onChartClick?: (chart: SavedChart, selection: ChartSelection) => void;
  /** what drilling needs of each dataset, when a link's or an embed's answer gave it */
  drillContexts?: DrillContextAnswer[];
}

/** All tiles with the shown tab's tiles replaced by `next` (kept in their order). */
function withTabTiles(
  all: DashboardTile[],
  shown: DashboardTile[],
  next: DashboardTile[],
): DashboardTile[] {
  const shownIds = new Set(shown.map((tile) => tile.id));
  const nextById = new Map(next.map((tile) => [tile.id, tile]));
  const kept = all.flatMap((tile) => {
    if (!shownIds.has(tile.id)) return [tile];
    const changed = nextById.get(tile.id);
    return changed ? [changed] : [];
  });
  const added = next.filter((tile) => !all.some((old) => old.id === tile.id));
  return [...kept, ...added];
}

/** "Open <dashboard>" of the picked chart's tile, when it links to a dashboard shown here. */
function useLinkedDashboard(
  dashboards: DashboardViewProps['linkedDashboards'],
  tiles: DashboardTile[],
  chartId: number | undefined,
  navigate: (path: string) => void,
) {
  const link = tiles.find((tile) => tile.chartId === chartId && tile.link)?.link;
  const target = link && dashboards?.get(link.dashboardId);
  const filter = target?.filters.find((f) => f.id === link?.filterId);
  if (!link || !target || !filter) return undefined;
  return {
    title: target.name,
    onOpen: (clicked: ClickedValue) => navigate(linkedDashboardPath(link, filter, clicked)),
  };
}

/**
 * A dashboard's filters bar, tabs and grid, with every chart tile of the tab shown querying at
 * once (other tabs' tiles query when their tab is shown). Used by the dashboards section (view
 * and edit) and by the shared-link and embed pages (view only).
 */
export function DashboardView(props: DashboardViewProps) {
  const { dashboard, runner, editing = false, chartLink, frozen = [] } = props;
  const translate = useTranslate();
  const charts = useMemo(
    () => new Map(props.charts.map((chart) => [chart.id, chart])),
    [props.charts],
  );
  const [values, setValues] = useState(() =>
    initialFilterValues(dashboard.filters, frozen, props.startValues),
  );
  const [cross, setCross] = useState<CrossFilter | null>(null);
  const { onValuesChange, valuesFromOutside, onChartClick } = props;
  useEffect(() => onValuesChange?.(values), [values, onValuesChange]);
  useEffect(() => {
    if (!valuesFromOutside?.length) return;
    // A frozen filter keeps its value whatever the outside asks (the server holds it too).
    const allowed = valuesFromOutside.filter(
      (entry) =>
        !frozen.some((fixed) => fixed.filterId === entry.filterId) &&
        dashboard.filters.some((filter) => filter.id === entry.filterId),
    );
    setValues((now) => [
      ...now.filter((entry) => !allowed.some((next) => next.filterId === entry.filterId)),
      ...allowed,
    ]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- applied when the outside changes
  }, [valuesFromOutside]);
  const tabs = useMemo(() => dashboard.tabs ?? [], [dashboard.tabs]);
  const { tabId, showTab } = useDashboardTab(tabs);
  const shownTiles = useMemo(
    () => tilesOfTab(dashboard.tiles, tabs, tabId),
    [dashboard.tiles, tabs, tabId],
  );
  const { onTilesChange } = props;
  const changeShownTiles = useCallback(
    (next: DashboardTile[]) => onTilesChange?.(withTabTiles(dashboard.tiles, shownTiles, next)),
    [onTilesChange, dashboard.tiles, shownTiles],
  );
  const moveTile = useCallback(
    (tileId: string, target: string) =>
      onTilesChange?.(moveTileToTab(dashboard.tiles, tabs, tileId, target)),
    [onTilesChange, dashboard.tiles, tabs],
  );
  const drill = useDashboardDrill(props.charts, runner, props.drillContexts);
  const { data } = useTileResults({
    tiles: shownTiles,
    charts,
    filters: dashboard.filters,
    values,
    cross,
    drills: drill.drills,
    runner,
    refreshSeconds: editing ? 0 : dashboard.refreshSeconds,
    refreshKey: props.refreshKey ?? 0,
  });

  const crossFilter = useCallback((chart: SavedChart, selection: ChartSelection) => {
    if (selection.value === null) return;
    const value = selection.value;
    const dimension = chart.spec.query.dimensions.find((d) => d.field === selection.field);
    setCross({
      chartId: chart.id,
      datasetId: chart.spec.query.datasetId,
      field: selection.field,
      value,
      grain: dimension?.grain,
    });
  }, []);
  const crossFilters = runner.crossFilters && !editing;
  const { pick } = drill;
  const select = useCallback(
    (chart: SavedChart, selection: ChartSelection) => {
      onChartClick?.(chart, selection);
      if (!editing) pick(chart, selection);
    },
    [onChartClick, editing, pick],
  );
  const picked = drill.picked;
  const navigate = useNavigate();
  const linked = useLinkedDashboard(props.linkedDashboards, shownTiles, picked?.chart.id, navigate);
  const shownCharts = useMemo(() => drill.shownCharts(charts), [drill, charts]);
  const original = picked ? charts.get(picked.chart.id) : undefined;

  return (
    <Box>
      <FiltersBar
        filters={dashboard.filters}
        values={values}
        frozenIds={frozen.map((entry) => entry.filterId)}
        charts={charts}
        runner={runner}
        cross={cross}
        onChange={setValues}
        onClearCross={() => setCross(null)}
      />
      <DashboardTabsBar
        tabs={tabs}
        tabId={tabId}
        onShow={showTab}
        actions={editing ? props.tabActions : undefined}
      />
      <Box
        id={TAB_PANEL_ID}
        role={tabs.length > 0 ? 'tabpanel' : undefined}
        aria-labelledby={tabId ? tabElementId(tabId) : undefined}
      >
        {tabs.length > 0 && shownTiles.length === 0 && (
          <Alert severity="info">{translate('dashboards.tabs.empty')}</Alert>
        )}
        <DashboardGrid
          key={tabId}
          tiles={shownTiles}
          charts={shownCharts}
          data={data}
          chartsLoading={props.chartsLoading ?? false}
          editing={editing}
          chartLink={chartLink}
          onTilesChange={onTilesChange ? changeShownTiles : undefined}
          onEditText={props.onEditText}
          onEditHeading={props.onEditHeading}
          onLinkTile={props.onLinkTile}
          moveTargets={tabs.filter((tab) => tab.id !== tabId)}
          onMoveTile={onTilesChange ? moveTile : undefined}
          onSelect={!editing || onChartClick ? select : undefined}
          drillCrumbs={drill.crumbs}
          onDrillBack={drill.back}
          gridRef={props.gridRef}
        />
      </Box>
      <Suspense fallback={null}>
        {picked && original && (
          <PointMenu
            picked={picked}
            context={drill.contextOf(original)}
            opensRows={runner.opensRows}
            crossFilters={crossFilters}
            onClose={drill.closeMenu}
            onDrill={(step) => drill.drillDown(original.id, step)}
            onViewRows={(clicked) =>
              drill.viewRows(
                original,
                clicked,
                tileQuery(original, dashboard.filters, values, cross),
              )
            }
            linked={linked}
            onCrossFilter={() => {
              drill.closeMenu();
              crossFilter(picked.chart, picked.selection);
            }}
          />
        )}
        {drill.rowsView && (
          <RowsDialog
            view={drill.rowsView.view}
            context={drill.rowsView.context}
            onClose={drill.closeRows}
          />
        )}
      </Suspense>
    </Box>
  );
}
