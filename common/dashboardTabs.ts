import type { Dashboard, DashboardTab, DashboardTile } from './api/dashboards';
import { slugOf } from './asCode';

// A dashboard's tabs: which tiles a tab shows, which tab an address opens, and the editor's
// pure edits (add, rename, reorder, delete a tab; move a tile to a tab). A dashboard without
// tabs is one implicit tab; a tile without a tab id is on the first tab.

type TabbedDashboard = Pick<Dashboard, 'tiles' | 'filters'> & { tabs?: DashboardTab[] };

/** The id of the tab `tile` is on (undefined: the dashboard has no tabs). */
export function tabOfTile(tile: DashboardTile, tabs: DashboardTab[] = []): string | undefined {
  return tabs.length === 0 ? undefined : (tile.tabId ?? tabs[0].id);
}

/** The tiles tab `tabId` shows: all of them when the dashboard has no tabs. */
export function tilesOfTab(
  tiles: DashboardTile[],
  tabs: DashboardTab[] = [],
  tabId: string | undefined,
): DashboardTile[] {
  if (tabs.length === 0) return tiles;
  return tiles.filter((tile) => tabOfTile(tile, tabs) === tabId);
}

/** The tab an address's `tab` parameter opens: the one of that id, else the first. */
export function openedTab(
  tabs: DashboardTab[] = [],
  requested: string | null | undefined,
): string | undefined {
  return tabs.find((tab) => tab.id === requested)?.id ?? tabs[0]?.id;
}

/** A new tab's id: the slug of its title, unique among `tabs`. */
export function newTabId(tabs: DashboardTab[], title: string): string {
  const base = slugOf(title).slice(0, 60);
  const taken = new Set(tabs.map((tab) => tab.id));
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

/**
 * Adds a tab titled `title` at the end. The first one added to a dashboard without tabs comes
 * with a first tab, `firstTitle`, holding the tiles it had.
 */
export function addTab<T extends TabbedDashboard>(
  dashboard: T,
  title: string,
  firstTitle: string,
): { dashboard: T; tabId: string } {
  let tabs = dashboard.tabs ?? [];
  let tiles = dashboard.tiles;
  if (tabs.length === 0) {
    const first = { id: newTabId([], firstTitle), title: firstTitle };
    tabs = [first];
    tiles = tiles.map((tile) => ({ ...tile, tabId: first.id }));
  }
  const tab = { id: newTabId(tabs, title), title };
  return { dashboard: { ...dashboard, tabs: [...tabs, tab], tiles }, tabId: tab.id };
}

export function renameTab<T extends TabbedDashboard>(dashboard: T, tabId: string, title: string) {
  const tabs = (dashboard.tabs ?? []).map((tab) => (tab.id === tabId ? { ...tab, title } : tab));
  return { ...dashboard, tabs };
}

/** Moves a tab `offset` places (-1 before, +1 after), kept within the bar. */
export function moveTab<T extends TabbedDashboard>(dashboard: T, tabId: string, offset: number): T {
  const tabs = [...(dashboard.tabs ?? [])];
  const from = tabs.findIndex((tab) => tab.id === tabId);
  const to = Math.min(Math.max(from + offset, 0), tabs.length - 1);
  if (from < 0 || from === to) return dashboard;
  const [tab] = tabs.splice(from, 1);
  tabs.splice(to, 0, tab);
  // A tile without a tab id is on the first tab: name it, so reordering does not move it.
  const tiles = dashboard.tiles.map((tile) => ({
    ...tile,
    tabId: tabOfTile(tile, dashboard.tabs),
  }));
  return { ...dashboard, tabs, tiles };
}

/**
 * Deletes a tab with its tiles; filters lose their bindings to charts no longer on the
 * dashboard. The last tab cannot be deleted (the dashboard keeps it, unchanged).
 */
export function deleteTab<T extends TabbedDashboard>(dashboard: T, tabId: string): T {
  const tabs = dashboard.tabs ?? [];
  if (tabs.length <= 1) return dashboard;
  const tiles = dashboard.tiles
    .map((tile) => ({ ...tile, tabId: tabOfTile(tile, tabs) }))
    .filter((tile) => tile.tabId !== tabId);
  const charts = new Set(tiles.flatMap((tile) => (tile.chartId ? [tile.chartId] : [])));
  const filters = dashboard.filters.map((filter) => ({
    ...filter,
    bindings: filter.bindings.filter((binding) => charts.has(binding.chartId)),
  }));
  return { ...dashboard, tabs: tabs.filter((tab) => tab.id !== tabId), tiles, filters };
}

/** How many tiles a tab holds (its delete confirmation says so). */
export function tileCountOfTab(dashboard: TabbedDashboard, tabId: string): number {
  return tilesOfTab(dashboard.tiles, dashboard.tabs, tabId).length;
}
