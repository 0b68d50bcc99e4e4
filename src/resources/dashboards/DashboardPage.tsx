import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, LinearProgress } from '@mui/material';
import {
  Confirm,
  useDataProvider,
  useGetMany,
  useGetOne,
  useNotify,
  usePermissions,
  useTranslate,
} from 'react-admin';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type {
  Dashboard,
  DashboardFilterValue,
  DashboardTile,
  SavedChart,
} from '../../../common/charts';
import { canAccess } from '../../../common/sections';
import { DashboardView } from '../../ui/dashboard/DashboardView';
import { preloadCharts } from '../../ui/dashboard/LazyChart';
import { addChartTile, addHeadingTile, addTextTile } from '../../ui/dashboard/tileEditing';
import { useDashboardTab } from '../../ui/dashboard/useDashboardTab';
import { filterValuesFromSearch, searchWithFilterValues } from '../../ui/dashboard/filterValuesUrl';
import { signedInRunner } from '../../ui/dashboard/tileRunners';
import { AddChartDialog } from './AddChartDialog';
import { DashboardToolbar } from './DashboardToolbar';
import { DashboardExportMenu } from './DashboardExportMenu';
import { ChartExportContext } from '../../ui/dashboard/ChartXlsxMenuItem';
import { ChartAlertsContext } from '../../ui/alerts/alertsApi';
import { duplicateDashboard, savedFields } from './api';
import { FilterEditorDialog } from './FilterEditorDialog';
import { ShareDialog } from './ShareDialog';
import { TextTileDialog } from './TextTileDialog';
import { TitleDialog } from './TitleDialog';
import { TabEditActions } from './TabEditActions';
import { TileLinkDialog } from './TileLinkDialog';
import { RevisionHistory } from '../../ui/revisions/RevisionHistory';
import { TranslationsButton } from '../../ui/translations/TranslationsDialog';
import { useTranslated } from '../../ui/translations/useContentLanguage';

type DialogName = 'chart' | 'filters' | 'share' | 'delete' | null;

function chartIdsOf(dashboard: Dashboard | undefined): number[] {
  const ids = (dashboard?.tiles ?? []).flatMap((tile) => (tile.chartId ? [tile.chartId] : []));
  return [...new Set(ids)];
}

/** The dashboards the tiles link to ("Open <dashboard>"). */
function linkedIdsOf(dashboard: Dashboard | undefined): number[] {
  const ids = (dashboard?.tiles ?? []).flatMap((tile) =>
    tile.link ? [tile.link.dashboardId] : [],
  );
  return [...new Set(ids)];
}

/** /dashboards/:id: the dashboard in view mode, and its edit mode for editors. */
export default function DashboardPage() {
  const { id } = useParams();
  const translate = useTranslate();
  useEffect(preloadCharts, []);
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider();
  const { permissions } = usePermissions();
  const canWrite =
    typeof permissions === 'string' && canAccess(permissions as never, 'dashboards', 'write');
  const canEditCharts =
    typeof permissions === 'string' && canAccess(permissions as never, 'aicharts', 'write');
  const {
    data: saved,
    isPending,
    error,
    refetch,
  } = useGetOne<Dashboard>('dashboards', { id: Number(id) });
  const [draft, setDraft] = useState<Dashboard | null>(null);
  const [picked, setPicked] = useState<SavedChart[]>([]);
  const [dialog, setDialog] = useState<DialogName>(null);
  const [textTile, setTextTile] = useState<{ tile: DashboardTile | null; markdown: string } | null>(
    null,
  );
  const [headingTile, setHeadingTile] = useState<{
    tile: DashboardTile | null;
    heading: string;
  } | null>(null);
  const [linkTile, setLinkTile] = useState<DashboardTile | null>(null);
  const [saving, setSaving] = useState(false);
  const [refreshKey, setRefreshKey] = useState(0);
  const [values, setValues] = useState<DashboardFilterValue[]>([]);
  const gridRef = useRef<HTMLDivElement>(null);
  const dashboard = draft ?? saved;
  const { tabId, showTab } = useDashboardTab(dashboard?.tabs);
  const shown = useTranslated(dashboard);
  const { data: fetchedCharts, isPending: chartsLoading } = useGetMany<SavedChart>(
    'aicharts',
    { ids: chartIdsOf(dashboard) },
    { enabled: dashboard !== undefined },
  );
  const charts = useMemo(() => {
    const byId = new Map([...picked, ...(fetchedCharts ?? [])].map((c) => [c.id, c]));
    return [...byId.values()];
  }, [picked, fetchedCharts]);
  const linkedIds = useMemo(() => linkedIdsOf(dashboard), [dashboard]);
  const { data: linkedList } = useGetMany<Dashboard>(
    'dashboards',
    { ids: linkedIds },
    { enabled: linkedIds.length > 0 },
  );
  const linkedDashboards = useMemo(
    () => new Map((linkedList ?? []).map((linked) => [linked.id, linked])),
    [linkedList],
  );
  const [search, setSearch] = useSearchParams();
  // A new function whenever the address changes: held in a ref, so that writing the address
  // does not make a new onValuesChange, which would write it again.
  const setSearchRef = useRef(setSearch);
  setSearchRef.current = setSearch;
  const savedFilters = saved?.filters;
  const onValuesChange = useCallback(
    (next: DashboardFilterValue[]) => {
      setValues(next);
      // The address keeps the values: a reload or a copied address shows the same figures.
      if (savedFilters) {
        setSearchRef.current((current) => searchWithFilterValues(current, savedFilters, next), {
          replace: true,
        });
      }
    },
    [savedFilters],
  );

  if (isPending) return <LinearProgress />;
  if (error || !dashboard) {
    return <Alert severity="error">{translate('dashboards.page.notFound')}</Alert>;
  }
  const editing = draft !== null;
  const change = (patch: Partial<Dashboard>) => setDraft({ ...dashboard, ...patch });
  const place = { tabs: dashboard.tabs, tabId };

  const save = async () => {
    setSaving(true);
    try {
      await dataProvider.update('dashboards', {
        id: dashboard.id,
        data: savedFields(dashboard),
        previousData: saved,
      });
      await refetch();
      setDraft(null);
      notify('dashboards.page.saved', { type: 'success' });
    } catch (caught) {
      notify(caught instanceof Error ? caught.message : String(caught), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const on = {
    refresh: () => setRefreshKey((n) => n + 1),
    fullScreen: () => void gridRef.current?.requestFullscreen?.().catch(() => undefined),
    edit: () => setDraft(dashboard),
    share: () => setDialog('share'),
    duplicate: () =>
      duplicateDashboard(dashboard.id)
        .then((copy) => navigate(`/dashboards/${copy.id}`))
        .catch((caught: Error) => notify(caught.message, { type: 'error' })),
    remove: () => setDialog('delete'),
    addChart: () => setDialog('chart'),
    addText: () => setTextTile({ tile: null, markdown: '' }),
    addHeading: () => setHeadingTile({ tile: null, heading: '' }),
    editFilters: () => setDialog('filters'),
    setRefresh: (refreshSeconds: number) => change({ refreshSeconds }),
    save: () => void save(),
    cancel: () => setDraft(null),
  };

  const confirmDelete = async () => {
    try {
      await dataProvider.delete('dashboards', { id: dashboard.id, previousData: saved });
      notify('dashboards.page.deleted', { type: 'info' });
      navigate('/dashboards');
    } catch (caught) {
      notify(caught instanceof Error ? caught.message : String(caught), { type: 'error' });
    }
    setDialog(null);
  };

  return (
    <Box sx={{ pb: 4 }}>
      <DashboardToolbar
        name={editing ? dashboard.name : (shown?.name ?? dashboard.name)}
        editing={editing}
        translations={
          <TranslationsButton
            fields={[
              { name: 'name', original: dashboard.name, maxLength: 200 },
              {
                name: 'description',
                original: dashboard.description ?? '',
                multiline: true,
                maxLength: 2000,
              },
            ]}
            translations={dashboard.translations}
            onChange={(translations) => change({ translations })}
          />
        }
        canWrite={canWrite}
        saving={saving}
        refreshSeconds={dashboard.refreshSeconds}
        exportMenu={<DashboardExportMenu dashboard={dashboard} filters={values} />}
        history={
          <RevisionHistory
            kind="dashboard"
            id={dashboard.id}
            canRestore={canWrite}
            onRestored={() => void refetch()}
          />
        }
        on={on}
      />
      {dashboard.tiles.length === 0 && (
        <Alert severity="info">
          {translate(canWrite ? 'dashboards.page.emptyEditor' : 'dashboards.page.empty')}
        </Alert>
      )}
      <ChartAlertsContext.Provider value={true}>
        <ChartExportContext.Provider value={{ dashboardId: dashboard.id, filters: values }}>
          <DashboardView
            key={saved?.id}
            dashboard={dashboard}
            charts={charts}
            runner={signedInRunner}
            chartsLoading={chartsLoading}
            editing={editing}
            chartLink={canEditCharts ? 'builder' : 'view'}
            gridRef={gridRef}
            refreshKey={refreshKey}
            startValues={filterValuesFromSearch(search, dashboard.filters)}
            onValuesChange={onValuesChange}
            onTilesChange={(tiles) => change({ tiles })}
            onEditText={(tile) => setTextTile({ tile, markdown: tile.markdown ?? '' })}
            onEditHeading={(tile) => setHeadingTile({ tile, heading: tile.heading ?? '' })}
            linkedDashboards={linkedDashboards}
            onLinkTile={setLinkTile}
            tabActions={
              <TabEditActions
                dashboard={dashboard}
                tabId={tabId}
                onChange={(next) => setDraft(next)}
                onShow={showTab}
              />
            }
          />
        </ChartExportContext.Provider>
      </ChartAlertsContext.Provider>
      <AddChartDialog
        open={dialog === 'chart'}
        onClose={() => setDialog(null)}
        onPick={(chart) => {
          setPicked((current) => [...current, chart]);
          change({ tiles: addChartTile(dashboard.tiles, chart.id, place) });
          setDialog(null);
        }}
      />
      <TextTileDialog
        markdown={textTile?.markdown ?? null}
        onClose={() => setTextTile(null)}
        onSave={(markdown) => {
          const target = textTile?.tile;
          change({
            tiles: target
              ? dashboard.tiles.map((tile) =>
                  tile.id === target.id ? { ...tile, markdown } : tile,
                )
              : addTextTile(dashboard.tiles, markdown, place),
          });
          setTextTile(null);
        }}
      />
      <TitleDialog
        value={headingTile?.heading ?? null}
        title={headingTile?.tile ? 'dashboards.heading.editTitle' : 'dashboards.heading.addTitle'}
        label="dashboards.heading.text"
        maxLength={200}
        onClose={() => setHeadingTile(null)}
        onSave={(heading) => {
          const target = headingTile?.tile;
          change({
            tiles: target
              ? dashboard.tiles.map((tile) => (tile.id === target.id ? { ...tile, heading } : tile))
              : addHeadingTile(dashboard.tiles, heading, place),
          });
          setHeadingTile(null);
        }}
      />
      <TileLinkDialog
        link={linkTile ? linkTile.link : null}
        dashboardId={dashboard.id}
        onClose={() => setLinkTile(null)}
        onSave={(link) => {
          change({
            tiles: dashboard.tiles.map((tile) =>
              tile.id === linkTile?.id ? { ...tile, link } : tile,
            ),
          });
          setLinkTile(null);
        }}
      />
      <FilterEditorDialog
        open={dialog === 'filters'}
        filters={dashboard.filters}
        charts={charts.filter((chart) => chartIdsOf(dashboard).includes(chart.id))}
        onClose={() => setDialog(null)}
        onApply={(filters) => {
          change({ filters });
          setDialog(null);
        }}
      />
      {canWrite && (
        <ShareDialog
          open={dialog === 'share'}
          dashboardId={dashboard.id}
          currentValues={values}
          onClose={() => setDialog(null)}
        />
      )}
      <Confirm
        isOpen={dialog === 'delete'}
        title="dashboards.page.deleteTitle"
        content="dashboards.page.deleteContent"
        translateOptions={{ name: dashboard.name }}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDialog(null)}
      />
    </Box>
  );
}
