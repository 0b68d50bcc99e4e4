import { GRID_BREAKPOINTS, type DashboardTile, type TileLayout } from '../../../common/charts';

// Pure edits of a dashboard's tiles: where a new tile goes, and new ids.

/** A short id unique within a dashboard. */
export function newId(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/** The first free row below every tile. */
function bottomOf(tiles: DashboardTile[]): number {
  return tiles.reduce((max, tile) => Math.max(max, tile.layout.y + tile.layout.h), 0);
}

const COLUMNS = GRID_BREAKPOINTS.lg.cols;
/** Narrower than this (of 12 columns), a tile beside another would be too cramped. */
const MIN_BESIDE_WIDTH = 3;

function overlaps(a: TileLayout, b: TileLayout): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/**
 * Where a new tile of `w` x `h` goes: in the free space to the right of the last tile, as tall
 * as it when that is at least `h` rows (a row of tiles lines up), else below every tile.
 */
export function placeNewTile(tiles: DashboardTile[], w: number, h: number): TileLayout {
  const last = tiles.at(-1)?.layout;
  if (last) {
    const x = last.x + last.w;
    const beside = {
      x,
      y: last.y,
      w: Math.min(w, COLUMNS - x),
      h: Math.max(h, last.h),
    };
    const free = !tiles.some((tile) => overlaps(tile.layout, beside));
    if (beside.w >= MIN_BESIDE_WIDTH && free) return beside;
  }
  return { x: 0, y: bottomOf(tiles), w, h };
}

/** A new chart tile's size in grid columns and 80 px rows: half the width, 356 px high. */
export const CHART_TILE_SIZE = { w: 6, h: 4 };
const TEXT_TILE_SIZE = { w: 4, h: 2 };

export function addChartTile(tiles: DashboardTile[], chartId: number): DashboardTile[] {
  const layout = placeNewTile(tiles, CHART_TILE_SIZE.w, CHART_TILE_SIZE.h);
  return [...tiles, { id: newId('c'), kind: 'chart', chartId, layout }];
}

export function addTextTile(tiles: DashboardTile[], markdown: string): DashboardTile[] {
  const layout = placeNewTile(tiles, TEXT_TILE_SIZE.w, TEXT_TILE_SIZE.h);
  return [...tiles, { id: newId('t'), kind: 'text', markdown, layout }];
}
