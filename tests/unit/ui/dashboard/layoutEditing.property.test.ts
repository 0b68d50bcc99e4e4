import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cloneLayout,
  getLayoutItem,
  moveElement,
  verticalCompactor,
  type Layout,
} from 'react-grid-layout/core';
import { dashboardTileSchema } from '../../../../common/api/dashboards';
import {
  GRID_BREAKPOINTS,
  MIN_TILE_COLUMNS,
  type DashboardTile,
  type GridBreakpoint,
} from '../../../../common/charts';
import {
  layoutsOf,
  reportedBreakpoint,
  withReportedLayout,
  type GridItem,
} from '../../../../src/ui/dashboard/responsiveLayouts';

// Moves and resizes by property: a random sequence of drags (also far below the window's edge),
// resizes and window resizes, each done on the 12-column grid as react-grid-layout does it
// (moveElement, then the vertical compactor) and reported to the editor through the functions
// DashboardGrid uses. Whatever the sequence, the saved tiles keep sizes within the grid, never
// overlap, and their layout is the desktop grid's.

const COLS = GRID_BREAKPOINTS.lg.cols;
const MIN_H = 2;

type Step =
  | { kind: 'drag'; tile: number; x: number; y: number }
  | { kind: 'resize'; tile: number; w: number; h: number }
  | { kind: 'window'; breakpoint: Exclude<GridBreakpoint, 'lg'> };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('drag' as const),
    tile: fc.nat(),
    x: fc.integer({ min: -3, max: 20 }),
    y: fc.integer({ min: 0, max: 400 }),
  }),
  fc.record({
    kind: fc.constant('resize' as const),
    tile: fc.nat(),
    w: fc.integer({ min: 0, max: 20 }),
    h: fc.integer({ min: 0, max: 20 }),
  }),
  fc.record({
    kind: fc.constant('window' as const),
    breakpoint: fc.constantFrom('sm' as const, 'xs' as const),
  }),
);

/** A dashboard of `count` tiles, each 2 to 12 columns wide, placed as the grid compacts them. */
const dashboardTiles: fc.Arbitrary<DashboardTile[]> = fc
  .array(
    fc.record({
      w: fc.integer({ min: MIN_TILE_COLUMNS, max: COLS }),
      h: fc.integer({ min: MIN_H, max: 8 }),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .map((sizes) => {
    const items = sizes.map(({ w, h }, index) => ({ i: `t${index}`, x: 0, y: index * 10, w, h }));
    return verticalCompactor.compact(items, COLS).map(({ i, x, y, w, h }) => ({
      id: i,
      kind: 'chart' as const,
      chartId: 1,
      layout: { x, y, w, h },
    }));
  });

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const placesOf = (layout: Layout): GridItem[] =>
  layout.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));

/** A drag let go at (x, y), as react-grid-layout's onDragStop does it. */
function dragged(layout: Layout, id: string, x: number, y: number): Layout {
  const copy = cloneLayout(layout);
  const item = getLayoutItem(copy, id)!;
  const left = clamp(x, 0, COLS - item.w);
  const moved = moveElement(copy, item, left, y, true, false, 'vertical', COLS, false);
  return verticalCompactor.compact(moved, COLS);
}

/** A resize from the corner to w x h, bounded as the grid bounds it (minW, the columns). */
function resized(layout: Layout, id: string, w: number, h: number): Layout {
  const copy = cloneLayout(layout).map((item) =>
    item.i === id
      ? { ...item, w: clamp(w, MIN_TILE_COLUMNS, COLS - item.x), h: Math.max(MIN_H, h) }
      : item,
  );
  return verticalCompactor.compact(copy, COLS);
}

const overlap = (a: GridItem, b: GridItem) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('moving and resizing tiles in the editor', () => {
  it('saves only the desktop layout, every tile in bounds and none overlapping', () => {
    fc.assert(
      fc.property(dashboardTiles, fc.array(step, { maxLength: 30 }), (start, steps) => {
        let tiles = start;
        let desktop: Layout = layoutsOf(start).lg;
        for (const next of steps) {
          let reported: Layout;
          if (next.kind === 'window') {
            // The narrow grid's layout, reported under its own key (also for the render after
            // the window widened again, when the width already names the desktop grid).
            reported = layoutsOf(tiles)[next.breakpoint];
          } else {
            const id = desktop[next.tile % desktop.length].i;
            desktop =
              next.kind === 'drag'
                ? dragged(desktop, id, next.x, next.y)
                : resized(desktop, id, next.w, next.h);
            reported = desktop;
          }
          const all = { ...layoutsOf(tiles), lg: desktop, [breakpointOf(next)]: reported };
          tiles = withReportedLayout(tiles, reportedBreakpoint(reported, all), placesOf(reported));
        }
        const saved = tiles.map((tile) => ({ i: tile.id, ...tile.layout }));
        expect(saved).toEqual(
          start.map((tile) => placesOf(desktop).find((item) => item.i === tile.id)),
        );
        for (const [index, item] of saved.entries()) {
          expect(item.w).toBeGreaterThanOrEqual(MIN_TILE_COLUMNS);
          expect(item.x + item.w).toBeLessThanOrEqual(COLS);
          expect(item.h).toBeGreaterThanOrEqual(MIN_H);
          expect(saved.slice(index + 1).filter((other) => overlap(item, other))).toEqual([]);
          expect(dashboardTileSchema.safeParse(tiles[index]).success).toBe(true);
        }
      }),
    );
  });
});

function breakpointOf(step: Step): GridBreakpoint {
  return step.kind === 'window' ? step.breakpoint : 'lg';
}
