import { describe, expect, it } from 'vitest';
import type { Dashboard, DashboardTile } from '../../../common/charts';
import {
  addTab,
  deleteTab,
  moveTab,
  newTabId,
  openedTab,
  renameTab,
  tilesOfTab,
} from '../../../common/dashboardTabs';
import { addHeadingTile, moveTileToTab } from '../../../src/ui/dashboard/tileEditing';

// A dashboard's tabs as pure edits: the implicit tab of a dashboard without tabs, the tab an
// address opens, and adding, reordering, deleting tabs and moving tiles between them.

const tile = (id: string, chartId: number | undefined, y: number, tabId?: string) =>
  ({
    id,
    kind: chartId ? 'chart' : 'text',
    ...(chartId ? { chartId } : { markdown: 'note' }),
    ...(tabId ? { tabId } : {}),
    layout: { x: 0, y, w: 6, h: 4 },
  }) as DashboardTile;

const board = (tiles: DashboardTile[], tabs?: Dashboard['tabs']): Dashboard => ({
  id: 1,
  name: 'Board',
  refreshSeconds: 0,
  tiles,
  tabs,
  filters: [{ id: 'f', label: 'F', type: 'values', bindings: [{ chartId: 7, field: 'x' }] }],
});

describe('dashboard tabs', () => {
  it('shows every tile of a dashboard without tabs, and a tile without a tab on the first', () => {
    const tiles = [tile('a', 7, 0), tile('b', 8, 4, 'two')];
    expect(tilesOfTab(tiles, [], undefined)).toEqual(tiles);
    const tabs = [
      { id: 'one', title: 'One' },
      { id: 'two', title: 'Two' },
    ];
    expect(tilesOfTab(tiles, tabs, 'one').map((t) => t.id)).toEqual(['a']);
    expect(tilesOfTab(tiles, tabs, 'two').map((t) => t.id)).toEqual(['b']);
    expect(openedTab(tabs, 'two')).toBe('two');
    expect(openedTab(tabs, 'gone')).toBe('one');
    expect(openedTab(tabs, null)).toBe('one');
    expect(openedTab([], 'two')).toBeUndefined();
  });

  it('gives the first tab added a first tab holding the tiles there were', () => {
    const { dashboard, tabId } = addTab(board([tile('a', 7, 0)]), 'Details', 'Tab 1');
    expect(dashboard.tabs).toEqual([
      { id: 'tab-1', title: 'Tab 1' },
      { id: 'details', title: 'Details' },
    ]);
    expect(tabId).toBe('details');
    expect(dashboard.tiles[0].tabId).toBe('tab-1');
    expect(newTabId(dashboard.tabs!, 'Details')).toBe('details-2');
    expect(renameTab(dashboard, 'details', 'More').tabs![1]).toEqual({
      id: 'details',
      title: 'More',
    });
  });

  it('reorders tabs without moving tiles, and deletes one with its tiles and bindings', () => {
    const tabs = [
      { id: 'one', title: 'One' },
      { id: 'two', title: 'Two' },
    ];
    const start = board([tile('a', 7, 0), tile('b', 8, 0, 'two')], tabs);
    const moved = moveTab(start, 'two', -1);
    expect(moved.tabs!.map((tab) => tab.id)).toEqual(['two', 'one']);
    expect(moved.tiles.map((t) => t.tabId)).toEqual(['one', 'two']);
    expect(moveTab(start, 'one', -1)).toBe(start);

    const deleted = deleteTab(start, 'one');
    expect(deleted.tabs).toEqual([tabs[1]]);
    expect(deleted.tiles.map((t) => t.id)).toEqual(['b']);
    expect(deleted.filters[0].bindings).toEqual([]);
    expect(deleteTab(deleted, 'two')).toBe(deleted);
  });

  it("places a heading across the tab's grid and a moved tile below the other tab's tiles", () => {
    const tabs = [
      { id: 'one', title: 'One' },
      { id: 'two', title: 'Two' },
    ];
    const tiles = [tile('a', 7, 0), tile('b', 8, 0, 'two'), tile('c', 9, 4, 'two')];
    const withHeading = addHeadingTile(tiles, 'Costs', { tabs, tabId: 'two' });
    expect(withHeading[3]).toMatchObject({
      kind: 'heading',
      heading: 'Costs',
      tabId: 'two',
      layout: { x: 0, y: 8, w: 12, h: 1 },
    });
    const moved = moveTileToTab(tiles, tabs, 'a', 'two');
    expect(moved[0]).toMatchObject({ tabId: 'two', layout: { x: 0, y: 8, w: 6, h: 4 } });
    expect(moved[1].tabId).toBe('two');
  });
});
