import { verticalCompactor } from 'react-grid-layout';
import {
  GRID_BREAKPOINTS,
  type DashboardTile,
  type GridBreakpoint,
  type NarrowBreakpoint,
  type TileLayout,
} from '../../model/charts';

// A dashboard's layout on each grid breakpoint. The 12-column (lg) layout is the source; a
// narrow grid (two columns on a tablet, one on a phone) uses the places saved for it and
// derives the others from the lg layout in reading order (top to bottom, then left to right).

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
 * The tiles with the places of `items` on `breakpoint`: the lg layout itself, or the saved
 * places of a narrow grid. Returns the same array when nothing moved.
 */
export function withBreakpointLayout(
  tiles: DashboardTile[],
  breakpoint: GridBreakpoint,
  items: readonly GridItem[],
): DashboardTile[] {
  const current = new Map(
    (breakpoint === 'lg' ? layoutsOf(tiles).lg : narrowLayout(tiles, breakpoint)).map((item) => [
      item.i,
      item,
    ]),
  );
  const moved = items.filter((item) => !samePlace(item, current.get(item.i)));
  if (moved.length === 0) return tiles;
  const byId = new Map(items.map((item) => [item.i, placeOf(item)]));
  return tiles.map((tile) => {
    const place = byId.get(tile.id);
    if (!place) return tile;
    if (breakpoint === 'lg') return { ...tile, layout: place };
    return { ...tile, layouts: { ...tile.layouts, [breakpoint]: place } };
  });
}
