import { memo, useCallback, useEffect, useState } from 'react';
import { Alert, Box, IconButton, Menu, MenuItem, Typography } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { SavedChart } from '../../../common/charts';
import {
  chartResultToCsv,
  chartToPng,
  downloadFile,
  exportFileName,
  type PngSource,
} from '../charts/exporters';
import { useColumnLabeler } from '../charts/useColumnLabeler';
import { LazyChart, type ChartSelection } from './LazyChart';
import type { TileData } from './useTileResults';
import { ChartXlsxMenuItem } from './ChartXlsxMenuItem';
import { AlertBadge } from '../alerts/AlertBadge';
import { ChartAlertsDialog } from '../alerts/ChartAlertsDialog';
import { ChartAlertsMenuItem } from '../alerts/ChartAlertsMenuItem';
import { ChartAnnotationsMenuItem } from '../annotations/ChartAnnotationsMenuItem';
import { ChartAnnotationsDialog } from '../annotations/ChartAnnotationsDialog';
import { useChartAnnotations } from '../annotations/annotationsApi';
import { DrillCrumbs } from './drill/DrillCrumbs';
import { useTranslated } from '../translations/useContentLanguage';

/** Who may edit charts opens one in the builder; a viewer opens it to look at it. */
export type ChartLink = 'builder' | 'view';

const CHART_LINKS: Record<ChartLink, { label: string; path: (id: number) => string }> = {
  builder: { label: 'dashboards.tile.openInBuilder', path: (id) => `/aicharts/${id}` },
  view: { label: 'dashboards.tile.openChart', path: (id) => `/aicharts/${id}/show` },
};

interface ChartTileProps {
  tileId: string;
  chart: SavedChart | undefined;
  /** the saved charts are still on their way: no chart yet is not a missing chart */
  chartsLoading: boolean;
  data: TileData | undefined;
  editing: boolean;
  /** where the tile's menu opens its chart: none on public pages */
  chartLink?: ChartLink;
  /** the same function for every tile and render, so a tile re-renders only when it changes */
  onRemove: (tileId: string) => void;
  /** edit mode: link the tile to a dashboard ("Open <dashboard>") */
  onLink?: () => void;
  /** the tile links to a dashboard */
  linked?: boolean;
  onSelect?: (chart: SavedChart, selection: ChartSelection) => void;
  /** the drill's breadcrumbs when the chart is drilled: the top, then each value */
  crumbs?: string[];
  onDrillBack?: (chartId: number, depth: number) => void;
}

// The chart's own states that end its drawing: the tile is finished in each of them.
const FINAL_CHART_STATES = ['drawn', 'empty', 'error', 'incomplete'];

/** The tile's state for tests and the benchmark: 'drawn' once its chart has drawn. */
function useTileState(box: HTMLElement | null, data: TileData | undefined): string {
  const [chartState, setChartState] = useState<string | null>(null);
  useEffect(() => {
    if (!box) return undefined;
    const read = () =>
      setChartState(
        box.querySelector('[data-chart-state]')?.getAttribute('data-chart-state') ?? null,
      );
    read();
    const observer = new MutationObserver(read);
    observer.observe(box, {
      subtree: true,
      childList: true,
      attributeFilter: ['data-chart-state'],
    });
    return () => observer.disconnect();
  }, [box]);
  if (!data || data.loading) return 'loading';
  if (data.error) return 'error';
  return chartState && FINAL_CHART_STATES.includes(chartState) ? chartState : 'loading';
}

function TileMenu({
  chart,
  data,
  editing,
  chartLink,
  tileId,
  onRemove,
  onLink,
  linked,
  instance,
}: ChartTileProps & {
  chart: SavedChart;
  instance: PngSource | null;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [alertsOpen, setAlertsOpen] = useState(false);
  const [annotationsOpen, setAnnotationsOpen] = useState(false);
  const labelOf = useColumnLabeler(chart.spec);
  const close = () => setAnchor(null);
  const title = chart.name;
  return (
    <>
      <IconButton
        size="small"
        aria-label={translate('dashboards.tile.menu', { title })}
        onClick={(event) => setAnchor(event.currentTarget)}
        className="tile-no-drag"
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      {anchor && (
        <Menu anchorEl={anchor} open onClose={close}>
          <MenuItem
            disabled={!data?.result}
            onClick={() => {
              close();
              if (data?.result) {
                const csv = chartResultToCsv(chart.spec, data.result, labelOf, translate);
                downloadFile(exportFileName(title, 'csv'), csv, 'text/csv');
              }
            }}
          >
            {translate('dashboards.tile.exportCsv')}
          </MenuItem>
          <ChartXlsxMenuItem chart={chart} onChosen={close} />
          <ChartAlertsMenuItem
            chartId={chart.id}
            onChosen={() => {
              close();
              setAlertsOpen(true);
            }}
          />
          <ChartAnnotationsMenuItem
            spec={chart.spec}
            onChosen={() => {
              close();
              setAnnotationsOpen(true);
            }}
          />
          <MenuItem
            onClick={() => {
              close();
              if (instance) downloadFile(exportFileName(title, 'png'), chartToPng(instance));
              else notify('dashboards.tile.noPicture', { type: 'info' });
            }}
          >
            {translate('dashboards.tile.exportPng')}
          </MenuItem>
          {chartLink && (
            <MenuItem
              onClick={() => {
                close();
                navigate(CHART_LINKS[chartLink].path(chart.id));
              }}
            >
              {translate(CHART_LINKS[chartLink].label)}
            </MenuItem>
          )}
          {editing && onLink && (
            <MenuItem
              onClick={() => {
                close();
                onLink();
              }}
            >
              {translate(linked ? 'dashboards.link.change' : 'dashboards.link.add')}
            </MenuItem>
          )}
          {editing && (
            <MenuItem
              onClick={() => {
                close();
                onRemove(tileId);
              }}
            >
              {translate('dashboards.tile.remove')}
            </MenuItem>
          )}
        </Menu>
      )}
      {alertsOpen && <ChartAlertsDialog chart={chart} open onClose={() => setAlertsOpen(false)} />}
      {annotationsOpen && (
        <ChartAnnotationsDialog chart={chart} onClose={() => setAnnotationsOpen(false)} />
      )}
    </>
  );
}

/**
 * A chart tile: its title, a menu (CSV, PNG, builder, remove) and the chart itself. Memoised:
 * when one tile's answer arrives, the other tiles of the grid do not render again.
 */
export const ChartTile = memo(function ChartTile(props: ChartTileProps) {
  const translate = useTranslate();
  const { chart, data, onSelect } = props;
  const selectOnChart = useCallback(
    (selection: ChartSelection) => {
      if (chart && onSelect) onSelect(chart, selection);
    },
    [chart, onSelect],
  );
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [instance, setInstance] = useState<PngSource | null>(null);
  const state = useTileState(box, data);
  const shown = useTranslated(chart);
  const { annotations } = useChartAnnotations(chart);
  // The name the chart was saved under (in the viewer's language when translated), not the
  // title its builder generated from the query.
  const title = shown ? shown.name : translate('dashboards.tile.missing');
  return (
    <Box
      ref={setBox}
      data-tile-state={chart ? state : props.chartsLoading ? 'loading' : 'missing'}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 1.5, pt: 1, gap: 1 }}>
        <Typography component="h2" variant="subtitle1" noWrap sx={{ flex: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        {chart && <AlertBadge chartId={chart.id} />}
        {chart && <TileMenu {...props} chart={chart} instance={instance} />}
      </Box>
      {chart && props.crumbs && props.onDrillBack && (
        <DrillCrumbs
          title={title}
          crumbs={props.crumbs}
          onBack={(depth) => props.onDrillBack!(chart.id, depth)}
        />
      )}

      <Box sx={{ flex: 1, minHeight: 0, px: 1, pb: 1 }}>
        {!chart && !props.chartsLoading && (
          <Alert severity="warning">{translate('dashboards.tile.missingText')}</Alert>
        )}
        {chart && (
          <LazyChart
            spec={chart.spec}
            result={data?.result}
            loading={data?.loading ?? true}
            error={data?.error ?? null}
            onSelect={onSelect ? selectOnChart : undefined}
            onInstance={setInstance}
            annotations={annotations}
          />
        )}
      </Box>
    </Box>
  );
});
