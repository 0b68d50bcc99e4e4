import { useCallback, useMemo, type Ref } from 'react';
import { Alert, Box, Paper, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  getBreakpointFromWidth,
  ResponsiveGridLayout,
  useContainerWidth,
  type Layout,
} from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import {
  GRID_BREAKPOINTS,
  MIN_TILE_COLUMNS,
  type DashboardTab,
  type DashboardTile,
  type SavedChart,
} from '../../../common/charts';
import { ChartTile, type ChartLink } from './ChartTile';
import type { ChartSelection } from './LazyChart';
import { TextTile } from './TextTile';
import { HeadingTile } from './HeadingTile';
import { MoveToTabButton } from './MoveToTabButton';
import {
  layoutsOf,
  mirrorLayout,
  reportedBreakpoint,
  withReportedLayout,
  type GridLayouts,
} from './responsiveLayouts';
import type { TileData } from './useTileResults';

// The dashboard's grid of tiles: 12 columns on a desktop, two on a tablet, one on a phone
// (responsiveLayouts.ts). In edit mode on the 12-column grid tiles are dragged by their frame and
// resized from the corner, and only that layout is saved; on a narrow grid and in view mode
// they stay where they are. Right-to-left mirrors the columns: the grid
// itself stays left-to-right (its items are placed from the left) and each tile reads RTL.

const ROW_HEIGHT = 80;
const BREAKPOINT_WIDTHS = {
  lg: GRID_BREAKPOINTS.lg.minWidth,
  sm: GRID_BREAKPOINTS.sm.minWidth,
  xs: GRID_BREAKPOINTS.xs.minWidth,
};
const BREAKPOINT_COLS = {
  lg: GRID_BREAKPOINTS.lg.cols,
  sm: GRID_BREAKPOINTS.sm.cols,
  xs: GRID_BREAKPOINTS.xs.cols,
};

interface DashboardGridProps {
  tiles: DashboardTile[];
  charts: Map<number, SavedChart>;
  data: Record<string, TileData>;
  chartsLoading: boolean;
  editing: boolean;
  chartLink?: ChartLink;
  onTilesChange?: (tiles: DashboardTile[]) => void;
  onSelect?: (chart: SavedChart, selection: ChartSelection) => void;
  onEditText?: (tile: DashboardTile) => void;
  onEditHeading?: (tile: DashboardTile) => void;
  onLinkTile?: (tile: DashboardTile) => void;
  /** the tabs a tile can be moved to in edit mode (none: no tabs, nowhere to move) */
  moveTargets?: DashboardTab[];
  onMoveTile?: (tileId: string, tabId: string) => void;
  /** each drilled chart's breadcrumbs, by chart id: the top, then each value drilled into */
  drillCrumbs?: ReadonlyMap<number, string[]>;
  onDrillBack?: (chartId: number, depth: number) => void;
  gridRef?: Ref<HTMLDivElement>;
}

/** Each breakpoint's layout as the grid draws it: mirrored right-to-left, sizes bounded. */
function gridLayouts(
  layouts: GridLayouts,
  rtl: boolean,
  headings: ReadonlySet<string>,
): Record<string, Layout> {
  const drawn = (Object.keys(layouts) as Array<keyof GridLayouts>).map((breakpoint) => {
    const cols = BREAKPOINT_COLS[breakpoint];
    const items = layouts[breakpoint].map((item) => ({
      ...item,
      minW: Math.min(MIN_TILE_COLUMNS, cols),
      minH: headings.has(item.i) ? 1 : 2,
    }));
    return [breakpoint, rtl ? mirrorLayout(items, cols) : items] as const;
  });
  return Object.fromEntries(drawn);
}

export function DashboardGrid(props: DashboardGridProps) {
  const { tiles, charts, data, editing, chartLink, onTilesChange, onSelect, onEditText } = props;
  const translate = useTranslate();
  const { width, containerRef, mounted } = useContainerWidth();
  const arranging = editing && getBreakpointFromWidth(BREAKPOINT_WIDTHS, width) === 'lg';
  const rtl = useTheme().direction === 'rtl';
  const layouts = useMemo(() => {
    const headings = new Set(tiles.filter((t) => t.kind === 'heading').map((t) => t.id));
    return gridLayouts(layoutsOf(tiles), rtl, headings);
  }, [tiles, rtl]);
  const { moveTargets = [], onMoveTile } = props;
  const moveButton = (tile: DashboardTile, inline: boolean) =>
    editing && onMoveTile && moveTargets.length > 0 ? (
      <MoveToTabButton
        inline={inline}
        targets={moveTargets}
        onMove={(tabId) => onMoveTile(tile.id, tabId)}
      />
    ) : null;
  const remove = useCallback(
    (id: string) => onTilesChange?.(tiles.filter((tile) => tile.id !== id)),
    [tiles, onTilesChange],
  );

  return (
    <Box
      ref={props.gridRef}
      data-testid="dashboard-grid"
      sx={{ '&:fullscreen': { bgcolor: 'background.default', overflow: 'auto', p: 2 } }}
    >
      {editing && mounted && !arranging && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('dashboards.page.arrangeOnWideScreen')}
        </Alert>
      )}
      <div ref={containerRef} dir="ltr">
        {mounted && (
          <ResponsiveGridLayout
            layouts={layouts}
            breakpoints={BREAKPOINT_WIDTHS}
            cols={BREAKPOINT_COLS}
            width={width}
            rowHeight={ROW_HEIGHT}
            margin={[12, 12]}
            dragConfig={{ enabled: arranging, cancel: '.tile-no-drag, button, a, input' }}
            resizeConfig={{ enabled: arranging }}
            onLayoutChange={(next, all) => {
              if (!arranging) return;
              const breakpoint = reportedBreakpoint(next, all);
              const placed = rtl ? mirrorLayout(next, BREAKPOINT_COLS.lg) : next;
              const moved = withReportedLayout(tiles, breakpoint, placed);
              if (moved !== tiles) onTilesChange?.(moved);
            }}
          >
            {tiles.map((tile) => (
              <Paper
                key={tile.id}
                variant="outlined"
                data-tile-id={tile.id}
                data-tile-kind={tile.kind}
                dir={rtl ? 'rtl' : 'ltr'}
                sx={{
                  overflow: 'hidden',
                  cursor: editing ? 'move' : 'default',
                  position: 'relative',
                  ...(tile.kind === 'heading' && !editing
                    ? { border: 'none', bgcolor: 'transparent' }
                    : {}),
                }}
              >
                {tile.kind === 'heading' && (
                  <HeadingTile
                    heading={tile.heading ?? ''}
                    onEdit={
                      editing && props.onEditHeading ? () => props.onEditHeading!(tile) : undefined
                    }
                    onRemove={editing ? () => remove(tile.id) : undefined}
                    actions={moveButton(tile, true)}
                  />
                )}
                {tile.kind === 'text' && (
                  <TextTile
                    markdown={tile.markdown ?? ''}
                    onEdit={editing && onEditText ? () => onEditText(tile) : undefined}
                    onRemove={editing ? () => remove(tile.id) : undefined}
                  />
                )}
                {tile.kind === 'chart' && (
                  <ChartTile
                    tileId={tile.id}
                    chart={charts.get(tile.chartId ?? -1)}
                    data={data[tile.id]}
                    chartsLoading={props.chartsLoading}
                    editing={editing}
                    chartLink={chartLink}
                    onRemove={remove}
                    onLink={editing && props.onLinkTile ? () => props.onLinkTile!(tile) : undefined}
                    linked={tile.link !== undefined}
                    onSelect={onSelect}
                    crumbs={props.drillCrumbs?.get(tile.chartId ?? -1)}
                    onDrillBack={props.onDrillBack}
                  />
                )}
                {tile.kind !== 'heading' && moveButton(tile, false)}
              </Paper>
            ))}
          </ResponsiveGridLayout>
        )}
      </div>
    </Box>
  );
}
