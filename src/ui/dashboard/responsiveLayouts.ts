import { verticalCompactor } from 'react-grid-layout';
import {
  GRID_BREAKPOINTS,
  type DashboardTile,
  type GridBreakpoint,
  type NarrowBreakpoint,
  type TileLayout,
} from '../../../common/charts';

// A dashboard's layout on each grid breakpoint. The 12-column (lg) layout is the source and the
// only one the editor saves; a narrow grid (two columns on a tablet, one on a phone) uses the
// places saved for it by earlier versions (tile.layouts) and derives the others from the lg
// layout in reading order (top to bottom, then left to right).

/** One grid item as react-grid-layout takes it. */
export interface GridItem extends TileLayout {
  i: string;
}

export type GridLayouts = Record<GridBreakpoint, GridItem[]>;

/** On a narrow grid, a tile this wide (of 12) or wider keeps the whole width. */
const WIDE_TILE = 8;

/** The tiles in reading order of their lg places (top to bottom, then left to right). */
function readingOrder(tiles: DashboardTile[]): DashboardTile[] {
  return tiles
    .map((tile, index) => ({ tile, index }))
    .sort(
      (a, b) =>
        a.tile.layout.y - b.tile.layout.y || a.tile.layout.x - b.tile.layout.x || a.index - b.index,
    )
    .map(({ tile }) => tile);
}

/**
 * Lays the tiles out on `cols` columns from `startY` down, in the given order, row by row:
 * a tile wide on the lg grid spans every column, the others take one column each.
 */
function flowTiles(tiles: DashboardTile[], cols: number, startY = 0): GridItem[] {
  const items: GridItem[] = [];
  let x = 0;
  let rowY = startY;
  let rowHeight = 0;
  for (const tile of tiles) {
    const w = tile.layout.w >= WIDE_TILE ? cols : 1;
    if (x + w > cols) {
      rowY += rowHeight;
      x = 0;
      rowHeight = 0;
    }
    items.push({ i: tile.id, x, y: rowY, w, h: tile.layout.h });
    x += w;
    rowHeight = Math.max(rowHeight, tile.layout.h);
  }
  return items;
}

/** The first free row below the items. */
function bottomOfItems(items: TileLayout[]): number {
  return items.reduce((max, item) => Math.max(max, item.y + item.h), 0);
}

/** The tiles' places on a narrow grid: those saved for it, the others flowed in below them. */
export function narrowLayout(tiles: DashboardTile[], breakpoint: NarrowBreakpoint): GridItem[] {
  const cols = GRID_BREAKPOINTS[breakpoint].cols;
  const saved: GridItem[] = [];
  const unsaved: DashboardTile[] = [];
  for (const tile of readingOrder(tiles)) {
    const place = tile.layouts?.[breakpoint];
    if (place && place.x + place.w <= cols) saved.push({ i: tile.id, ...place });
    else unsaved.push(tile);
  }
  const items = [...saved, ...flowTiles(unsaved, cols, bottomOfItems(saved))];
  // Compacted as the grid compacts it, so that the grid reports back what it was given.
  const compacted = new Map(verticalCompactor.compact(items, cols).map((item) => [item.i, item]));
  return items.map((item) => {
    const { x, y, w, h } = compacted.get(item.i) ?? item;
    return { i: item.i, x, y, w, h };
  });
}

/** Every breakpoint's layout of the tiles. */
export function layoutsOf(tiles: DashboardTile[]): GridLayouts {
  return {
    lg: tiles.map((tile) => ({ i: tile.id, ...tile.layout })),
    sm: narrowLayout(tiles, 'sm'),
    xs: narrowLayout(tiles, 'xs'),
  };
}

/** The layout seen from the other side: right-to-left reading puts the first column at the right. */
export function mirrorLayout<T extends GridItem>(items: readonly T[], cols: number): T[] {
  return items.map((item) => ({ ...item, x: cols - item.x - item.w }));
}

const placeOf = ({ x, y, w, h }: TileLayout): TileLayout => ({ x, y, w, h });

function samePlace(a: TileLayout | undefined, b: TileLayout | undefined): boolean {
  return a?.x === b?.x && a?.y === b?.y && a?.w === b?.w && a?.h === b?.h;
}

/**
 * The breakpoint the grid laid `layout` out for: the key of the grid's `all` holding that very
 * array. Not the one the container's width names: react-grid-layout changes its breakpoint in
 * an effect, so for a render after the width changed it still reports the old grid's layout.
 */
export function reportedBreakpoint(
  layout: readonly GridItem[],
  all: Partial<Record<string, readonly GridItem[]>>,
): GridBreakpoint | undefined {
  const found = Object.keys(GRID_BREAKPOINTS).find((breakpoint) => all[breakpoint] === layout);
  return found as GridBreakpoint | undefined;
}

/**
 * The tiles with the places the editor's grid reported for `breakpoint`. Only the 12-column
 * (lg) layout is ever saved: the one- or two-column layout of a narrow window (or of the render
 * after a window widened) would otherwise take its place and collapse every tile to one column.
 * Returns the same array when nothing changes.
 */
export function withReportedLayout(
  tiles: DashboardTile[],
  breakpoint: GridBreakpoint | undefined,
  items: readonly GridItem[],
): DashboardTile[] {
  if (breakpoint !== 'lg') return tiles;
  const current = new Map(tiles.map((tile) => [tile.id, tile.layout]));
  const places = new Map(
    items.filter((item) => !samePlace(item, current.get(item.i))).map((i) => [i.i, placeOf(i)]),
  );
  if (places.size === 0) return tiles;
  return tiles.map((tile) => {
    const place = places.get(tile.id);
    return place ? { ...tile, layout: place } : tile;
  });
}
