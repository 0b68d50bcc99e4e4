import type { DashboardTile, TileLayout } from '../model/charts';

// Pure edits of a dashboard's tiles: where a new tile goes, and new ids.

/** A short id unique within a dashboard. */
export function newId(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/** The first free row below every tile. */
export function bottomOf(tiles: DashboardTile[]): number {
  return tiles.reduce((max, tile) => Math.max(max, tile.layout.y + tile.layout.h), 0);
}

export function placeNewTile(tiles: DashboardTile[], w: number, h: number): TileLayout {
  return { x: 0, y: bottomOf(tiles), w, h };
}

export function addChartTile(tiles: DashboardTile[], chartId: number): DashboardTile[] {
  return [...tiles, { id: newId('c'), kind: 'chart', chartId, layout: placeNewTile(tiles, 6, 4) }];
}

export function addTextTile(tiles: DashboardTile[], markdown: string): DashboardTile[] {
  return [...tiles, { id: newId('t'), kind: 'text', markdown, layout: placeNewTile(tiles, 4, 2) }];
}

export function sameLayout(a: DashboardTile[], b: DashboardTile[]): boolean {
  return a.every((tile, index) => {
    const other = b[index];
    return (
      other?.id === tile.id &&
      other.layout.x === tile.layout.x &&
      other.layout.y === tile.layout.y &&
      other.layout.w === tile.layout.w &&
      other.layout.h === tile.layout.h
    );
  });
}
