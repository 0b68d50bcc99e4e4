import {
  GRID_BREAKPOINTS,
  type DashboardTab,
  type DashboardTile,
  type TileLayout,
} from '../../../common/charts';
import { tabOfTile, tilesOfTab } from '../../../common/dashboardTabs';

// Pure edits of a dashboard's tiles: where a new tile goes (on the tab shown), new ids, and a
// tile moved to another tab.

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

/** The tab a new tile goes on: none when the dashboard has no tabs. */
export interface TabPlace {
  tabs?: DashboardTab[];
  tabId?: string;
}

/** A new chart tile's size in grid columns and 80 px rows: half the width, 356 px high. */
export const CHART_TILE_SIZE = { w: 6, h: 4 };
const TEXT_TILE_SIZE = { w: 4, h: 2 };
/** A heading spans the grid, one row high. */
const HEADING_TILE_SIZE = { w: COLUMNS, h: 1 };

type NewTile = Omit<DashboardTile, 'id' | 'layout'>;

function addTile(
  tiles: DashboardTile[],
  tile: NewTile,
  size: { w: number; h: number },
  place: TabPlace,
): DashboardTile[] {
  const { tabs = [], tabId } = place;
  const onTab = tilesOfTab(tiles, tabs, tabId);
  const layout =
    tile.kind === 'heading'
      ? { x: 0, y: bottomOf(onTab), ...size }
      : placeNewTile(onTab, size.w, size.h);
  const id = newId(tile.kind === 'chart' ? 'c' : tile.kind === 'text' ? 't' : 'h');
  const tab = tabs.length > 0 ? { tabId: tabId ?? tabs[0].id } : {};
  return [...tiles, { ...tile, id, ...tab, layout }];
}

export function addChartTile(tiles: DashboardTile[], chartId: number, place: TabPlace = {}) {
  return addTile(tiles, { kind: 'chart', chartId }, CHART_TILE_SIZE, place);
}

export function addTextTile(tiles: DashboardTile[], markdown: string, place: TabPlace = {}) {
  return addTile(tiles, { kind: 'text', markdown }, TEXT_TILE_SIZE, place);
}

export function addHeadingTile(tiles: DashboardTile[], heading: string, place: TabPlace = {}) {
  return addTile(tiles, { kind: 'heading', heading }, HEADING_TILE_SIZE, place);
}

/** Moves a tile to the bottom of another tab, keeping its size and column. */
export function moveTileToTab(
  tiles: DashboardTile[],
  tabs: DashboardTab[],
  tileId: string,
  tabId: string,
): DashboardTile[] {
  const y = bottomOf(tilesOfTab(tiles, tabs, tabId).filter((tile) => tile.id !== tileId));
  return tiles.map((tile) => {
    if (tile.id !== tileId) return { ...tile, tabId: tabOfTile(tile, tabs) };
    // Its narrow places were of the old tab's grid: the new tab derives them again.
    return { ...tile, layouts: undefined, tabId, layout: { ...tile.layout, y } };
  });
}
