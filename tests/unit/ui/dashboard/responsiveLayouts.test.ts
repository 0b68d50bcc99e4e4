import { describe, expect, it } from 'vitest';
import type { DashboardTile, TileLayout } from '../../../../common/charts';
import {
  layoutsOf,
  mirrorLayout,
  narrowLayout,
  reportedBreakpoint,
  withReportedLayout,
} from '../../../../src/ui/dashboard/responsiveLayouts';

const tile = (
  id: string,
  layout: TileLayout,
  extra: Partial<DashboardTile> = {},
): DashboardTile => ({
  id,
  kind: 'chart',
  chartId: 1,
  layout,
  ...extra,
});

// Listed out of reading order: the intro across the top, two KPIs, a chart, a wide table.
const TILES = [
  tile('kpi2', { x: 6, y: 2, w: 6, h: 2 }),
  tile('intro', { x: 0, y: 0, w: 12, h: 2 }),
  tile('kpi1', { x: 0, y: 2, w: 6, h: 2 }),
  tile('chart', { x: 0, y: 4, w: 4, h: 4 }),
  tile('table', { x: 4, y: 4, w: 8, h: 5 }),
];

describe('the phone layout', () => {
  it('is one column in reading order of the desktop layout, as tall as each tile', () => {
    expect(narrowLayout(TILES, 'xs')).toEqual([
      { i: 'intro', x: 0, y: 0, w: 1, h: 2 },
      { i: 'kpi1', x: 0, y: 2, w: 1, h: 2 },
      { i: 'kpi2', x: 0, y: 4, w: 1, h: 2 },
      { i: 'chart', x: 0, y: 6, w: 1, h: 4 },
      { i: 'table', x: 0, y: 10, w: 1, h: 5 },
    ]);
  });

  it('uses saved places and puts tiles without one below them', () => {
    const saved = TILES.map((t) =>
      t.id === 'kpi2' || t.id === 'chart'
        ? { ...t, layouts: { xs: { x: 0, y: t.id === 'chart' ? 0 : 4, w: 1, h: 4 } } }
        : t,
    );
    const layout = narrowLayout(saved, 'xs');
    expect(layout.slice(0, 2)).toEqual([
      { i: 'kpi2', x: 0, y: 4, w: 1, h: 4 },
      { i: 'chart', x: 0, y: 0, w: 1, h: 4 },
    ]);
    expect(layout.slice(2).map((item) => [item.i, item.y])).toEqual([
      ['intro', 8],
      ['kpi1', 10],
      ['table', 12],
    ]);
  });
});

describe('the tablet layout', () => {
  it('is two columns in reading order; wide tiles keep the whole width', () => {
    expect(narrowLayout(TILES, 'sm')).toEqual([
      { i: 'intro', x: 0, y: 0, w: 2, h: 2 },
      { i: 'kpi1', x: 0, y: 2, w: 1, h: 2 },
      { i: 'kpi2', x: 1, y: 2, w: 1, h: 2 },
      { i: 'chart', x: 0, y: 4, w: 1, h: 4 },
      { i: 'table', x: 0, y: 8, w: 2, h: 5 },
    ]);
  });

  it('moves a tile up into the gap a shorter neighbour leaves, as the grid compacts it', () => {
    const tiles = [
      tile('short', { x: 0, y: 0, w: 6, h: 2 }),
      tile('tall', { x: 6, y: 0, w: 6, h: 5 }),
      tile('next', { x: 0, y: 5, w: 6, h: 3 }),
    ];
    expect(narrowLayout(tiles, 'sm')).toEqual([
      { i: 'short', x: 0, y: 0, w: 1, h: 2 },
      { i: 'tall', x: 1, y: 0, w: 1, h: 5 },
      { i: 'next', x: 0, y: 2, w: 1, h: 3 },
    ]);
  });

  it('ignores a saved place that does not fit its columns', () => {
    const broken = [
      tile('a', { x: 0, y: 0, w: 4, h: 3 }, { layouts: { sm: { x: 1, y: 0, w: 2, h: 3 } } }),
    ];
    expect(narrowLayout(broken, 'sm')).toEqual([{ i: 'a', x: 0, y: 0, w: 1, h: 3 }]);
  });
});

describe('every breakpoint', () => {
  it('keeps the desktop layout as saved', () => {
    expect(layoutsOf(TILES).lg).toEqual(TILES.map((t) => ({ i: t.id, ...t.layout })));
  });

  it('mirrors right to left: the first column at the right', () => {
    const lg = mirrorLayout(layoutsOf(TILES).lg, 12);
    expect(lg.find((item) => item.i === 'kpi1')).toMatchObject({ x: 6, w: 6 });
    expect(lg.find((item) => item.i === 'chart')).toMatchObject({ x: 8, w: 4 });
    expect(lg.find((item) => item.i === 'table')).toMatchObject({ x: 0, w: 8 });
    expect(mirrorLayout(lg, 12)).toEqual(layoutsOf(TILES).lg);
  });
});

describe('a moved tile', () => {
  it('changes the desktop layout on the desktop grid', () => {
    const items = layoutsOf(TILES).lg.map((item) =>
      item.i === 'chart' ? { ...item, h: 6 } : item,
    );
    const moved = withReportedLayout(TILES, 'lg', items);
    expect(moved.find((t) => t.id === 'chart')?.layout).toEqual({ x: 0, y: 4, w: 4, h: 6 });
    expect(moved.every((t) => t.layouts === undefined)).toBe(true);
  });

  it("keeps nothing of a narrow grid's layout: the desktop layout stays whole", () => {
    // What collapsed a saved dashboard: the phone's one column reported as the desktop's.
    const phone = narrowLayout(TILES, 'xs').map((item) => ({ ...item, y: item.y + 1 }));
    expect(withReportedLayout(TILES, 'xs', phone)).toBe(TILES);
    expect(withReportedLayout(TILES, 'sm', narrowLayout(TILES, 'sm'))).toBe(TILES);
    expect(withReportedLayout(TILES, undefined, phone)).toBe(TILES);
  });

  it('changes nothing when the grid reports the layout it was given', () => {
    expect(withReportedLayout(TILES, 'lg', layoutsOf(TILES).lg)).toBe(TILES);
  });
});

describe('the breakpoint of a reported layout', () => {
  it("is the grid's key of that very layout, not the one the width names", () => {
    const { lg, sm, xs } = layoutsOf(TILES);
    expect(reportedBreakpoint(xs, { lg, sm, xs })).toBe('xs');
    expect(reportedBreakpoint(lg, { lg, sm, xs })).toBe('lg');
    expect(reportedBreakpoint([...lg], { lg, sm, xs })).toBeUndefined();
  });
});
