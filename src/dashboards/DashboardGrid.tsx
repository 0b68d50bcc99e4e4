import { useCallback, type Ref } from 'react';
import { Box, Paper } from '@mui/material';
import ReactGridLayout, { useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import type { DashboardTile, SavedChart } from '../model/charts';
import { ChartTile } from './ChartTile';
import type { ChartSelection } from './LazyChart';
import { TextTile } from './TextTile';
import { sameLayout } from './tileEditing';
import type { TileData } from './useTileResults';

// The dashboard's 12-column grid of tiles. In edit mode tiles are dragged by their frame and
// resized from the corner; in view mode they stay where they are.

export const GRID_COLUMNS = 12;
const ROW_HEIGHT = 80;

export interface DashboardGridProps {
  tiles: DashboardTile[];
  charts: Map<number, SavedChart>;
  data: Record<string, TileData>;
  chartsLoading: boolean;
  editing: boolean;
  canOpenBuilder: boolean;
  onTilesChange?: (tiles: DashboardTile[]) => void;
  onSelect?: (chart: SavedChart, selection: ChartSelection) => void;
  onEditText?: (tile: DashboardTile) => void;
  gridRef?: Ref<HTMLDivElement>;
}

function withLayout(tiles: DashboardTile[], layout: Layout): DashboardTile[] {
  return tiles.map((tile) => {
    const item = layout.find((candidate) => candidate.i === tile.id);
    return item ? { ...tile, layout: { x: item.x, y: item.y, w: item.w, h: item.h } } : tile;
  });
}

export function DashboardGrid(props: DashboardGridProps) {
  const { tiles, charts, data, editing, canOpenBuilder, onTilesChange, onSelect, onEditText } =
    props;
  const { width, containerRef, mounted } = useContainerWidth();
  const layout = tiles.map((tile) => ({ i: tile.id, ...tile.layout, minW: 2, minH: 2 }));
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
      <div ref={containerRef}>
        {mounted && (
          <ReactGridLayout
            layout={layout}
            width={width}
            gridConfig={{ cols: GRID_COLUMNS, rowHeight: ROW_HEIGHT, margin: [12, 12] }}
            dragConfig={{ enabled: editing, cancel: '.tile-no-drag, button, a, input' }}
            resizeConfig={{ enabled: editing }}
            onLayoutChange={(next) => {
              if (!editing) return;
              const moved = withLayout(tiles, next);
              if (!sameLayout(moved, tiles)) onTilesChange?.(moved);
            }}
          >
            {tiles.map((tile) => (
              <Paper
                key={tile.id}
                variant="outlined"
                data-tile-id={tile.id}
                data-tile-kind={tile.kind}
                sx={{ overflow: 'hidden', cursor: editing ? 'move' : 'default' }}
              >
                {tile.kind === 'text' ? (
                  <TextTile
                    markdown={tile.markdown ?? ''}
                    onEdit={editing && onEditText ? () => onEditText(tile) : undefined}
                    onRemove={editing ? () => remove(tile.id) : undefined}
                  />
                ) : (
                  <ChartTile
                    tileId={tile.id}
                    chart={charts.get(tile.chartId ?? -1)}
                    data={data[tile.id]}
                    chartsLoading={props.chartsLoading}
                    editing={editing}
                    canOpenBuilder={canOpenBuilder}
                    onRemove={remove}
                    onSelect={onSelect}
                  />
                )}
              </Paper>
            ))}
          </ReactGridLayout>
        )}
      </div>
    </Box>
  );
}
