import { describe, expect, it } from 'vitest';
import type { DashboardTile, TileLayout } from '../../../../common/charts';
import { addChartTile, addTextTile, placeNewTile } from '../../../../src/ui/dashboard/tileEditing';

const chart = (id: string, layout: TileLayout): DashboardTile => ({
  id,
  kind: 'chart',
  chartId: 1,
  layout,
});

describe('a new tile', () => {
  it('starts an empty dashboard at the top left', () => {
    expect(placeNewTile([], 6, 4)).toEqual({ x: 0, y: 0, w: 6, h: 4 });
  });

  it('takes the free space beside the last tile, as tall as it when that is taller', () => {
    const tiles = [chart('a', { x: 0, y: 0, w: 12, h: 2 }), chart('b', { x: 0, y: 2, w: 6, h: 5 })];
    expect(placeNewTile(tiles, 6, 4)).toEqual({ x: 6, y: 2, w: 6, h: 5 });
  });

  it('keeps its own height beside a shorter tile (a chart beside a KPI)', () => {
    expect(placeNewTile([chart('kpi', { x: 0, y: 0, w: 3, h: 2 })], 6, 4)).toEqual({
      x: 3,
      y: 0,
      w: 6,
      h: 4,
    });
  });

  it('narrows to the room left in the row, but not below three columns', () => {
    expect(placeNewTile([chart('a', { x: 0, y: 0, w: 8, h: 4 })], 6, 4)).toEqual({
      x: 8,
      y: 0,
      w: 4,
      h: 4,
    });
    expect(placeNewTile([chart('a', { x: 0, y: 0, w: 10, h: 4 })], 6, 4)).toEqual({
      x: 0,
      y: 4,
      w: 6,
      h: 4,
    });
  });

  it('goes below every tile when the space beside the last one is taken', () => {
    const tiles = [
      chart('tall', { x: 6, y: 0, w: 6, h: 8 }),
      chart('last', { x: 0, y: 4, w: 6, h: 4 }),
    ];
    expect(placeNewTile(tiles, 6, 4)).toEqual({ x: 0, y: 8, w: 6, h: 4 });
  });

  it('is appended by addChartTile and addTextTile with their sizes', () => {
    const withChart = addChartTile([chart('a', { x: 0, y: 0, w: 6, h: 4 })], 7);
    expect(withChart[1]).toMatchObject({
      kind: 'chart',
      chartId: 7,
      layout: { x: 6, y: 0, w: 6, h: 4 },
    });
    const withText = addTextTile(withChart, 'Hi');
    expect(withText[2]).toMatchObject({
      kind: 'text',
      markdown: 'Hi',
      layout: { x: 0, y: 4, w: 4, h: 2 },
    });
  });
});
