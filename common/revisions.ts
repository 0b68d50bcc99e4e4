import { z } from 'zod';

// Saved revisions of dashboards, charts and datasets, and what changed between two of them.
// A revision keeps the whole saved definition (the record without its id, stamps and row
// count); `revisionChanges` compares two definitions of the same kind and tells the change
// in parts the history panel words one by one.

export const REVISION_KINDS = ['dashboard', 'chart', 'dataset'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** What wrote a revision: a save (create or update), a restore, or a delete. */
export const REVISION_ACTIONS = ['created', 'updated', 'restored', 'deleted'] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

export type Definition = Record<string, unknown>;

const place = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });
export type TilePlace = z.infer<typeof place>;

export const revisionChangeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('created') }),
  z.object({ type: z.literal('renamed'), from: z.string(), to: z.string() }),
  z.object({ type: z.literal('descriptionChanged') }),
  z.object({ type: z.literal('tileAdded'), tile: z.string() }),
  z.object({ type: z.literal('tileRemoved'), tile: z.string() }),
  z.object({ type: z.literal('tileMoved'), tile: z.string(), from: place, to: place }),
  z.object({ type: z.literal('tileChanged'), tile: z.string() }),
  z.object({ type: z.literal('tabAdded'), tab: z.string() }),
  z.object({ type: z.literal('tabRemoved'), tab: z.string() }),
  z.object({ type: z.literal('tabRenamed'), from: z.string(), to: z.string() }),
  z.object({ type: z.literal('tabsReordered') }),
  z.object({ type: z.literal('filterAdded'), filter: z.string() }),
  z.object({ type: z.literal('filterRemoved'), filter: z.string() }),
  z.object({ type: z.literal('filterChanged'), filter: z.string() }),
  z.object({ type: z.literal('refreshChanged'), from: z.number(), to: z.number() }),
  z.object({ type: z.literal('chartTypeChanged'), from: z.string(), to: z.string() }),
  z.object({ type: z.literal('chartTitleChanged'), from: z.string(), to: z.string() }),
  z.object({ type: z.literal('queryChanged') }),
  z.object({ type: z.literal('encodingChanged') }),
  z.object({ type: z.literal('optionsChanged') }),
  z.object({ type: z.literal('datasetChanged'), from: z.number(), to: z.number() }),
  z.object({ type: z.literal('sourceChanged'), from: z.number(), to: z.number() }),
  z.object({ type: z.literal('tableChanged'), from: z.string(), to: z.string() }),
  z.object({ type: z.literal('sqlChanged') }),
  z.object({ type: z.literal('fieldAdded'), field: z.string() }),
  z.object({ type: z.literal('fieldRemoved'), field: z.string() }),
  z.object({ type: z.literal('fieldChanged'), field: z.string() }),
]);
export type RevisionChange = z.infer<typeof revisionChangeSchema>;

/** One revision as GET …/{id}/revisions answers it, newest first. */
export const revisionRecordSchema = z.object({
  id: z.number().describe('the revision; POST …/revisions/{id}/restore restores it'),
  number: z.number().describe('1 for the first save of the object, then 2, 3 …'),
  action: z.enum(REVISION_ACTIONS),
  createdAt: z.string(),
  author: z.string().nullable().describe('who saved it (null: a user since deleted)'),
  definition: z.record(z.string(), z.unknown()),
  changes: z.array(revisionChangeSchema).describe('what changed since the revision before'),
});
export type RevisionRecord = z.infer<typeof revisionRecordSchema>;

/** A dashboard or chart deleted less than RESTORE_DAYS ago, as an admin's list shows it. */
export const deletedObjectSchema = z.object({
  kind: z.enum(['dashboard', 'chart']),
  id: z.number(),
  name: z.string(),
  deletedAt: z.string(),
  deletedBy: z.string().nullable(),
  purgeAt: z.string().describe('when it can no longer be restored'),
});
export type DeletedObject = z.infer<typeof deletedObjectSchema>;

/** How long a deleted dashboard or chart can be restored. */
export const RESTORE_DAYS = 30;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? (value as Record<string, unknown>[]) : [];

/** The items of two lists by their key: added, removed, and kept (before and after). */
function matchItems(before: unknown, after: unknown, key: string) {
  const old = new Map(list(before).map((item) => [String(item[key]), item]));
  const now = new Map(list(after).map((item) => [String(item[key]), item]));
  return {
    added: [...now.keys()].filter((id) => !old.has(id)),
    removed: [...old.keys()].filter((id) => !now.has(id)),
    kept: [...now.keys()].filter((id) => old.has(id)).map((id) => [old.get(id)!, now.get(id)!]),
  };
}

/** A tile named for people: its chart's number, its heading, or "text". */
function tileName(tile: Record<string, unknown>): string {
  if (tile.kind === 'chart' && tile.chartId !== undefined) return `chart ${String(tile.chartId)}`;
  if (tile.kind === 'heading') return `heading "${text(tile.heading)}"`;
  return `text ${String(tile.id)}`;
}

function tabChanges(before: Definition, after: Definition): RevisionChange[] {
  const changes: RevisionChange[] = [];
  const tabs = matchItems(before.tabs, after.tabs, 'id');
  const titleOf = (tabsOf: unknown, id: string) =>
    text(list(tabsOf).find((tab) => String(tab.id) === id)?.title);
  for (const id of tabs.added) changes.push({ type: 'tabAdded', tab: titleOf(after.tabs, id) });
  for (const id of tabs.removed) {
    changes.push({ type: 'tabRemoved', tab: titleOf(before.tabs, id) });
  }
  for (const [old, now] of tabs.kept) {
    if (old.title !== now.title) {
      changes.push({ type: 'tabRenamed', from: text(old.title), to: text(now.title) });
    }
  }
  const keptOrder = (tabsOf: unknown) =>
    list(tabsOf)
      .map((tab) => String(tab.id))
      .filter((id) => !tabs.added.includes(id) && !tabs.removed.includes(id));
  if (!same(keptOrder(before.tabs), keptOrder(after.tabs))) changes.push({ type: 'tabsReordered' });
  return changes;
}

function commonChanges(before: Definition, after: Definition): RevisionChange[] {
  const changes: RevisionChange[] = [];
  if (before.name !== after.name) {
    changes.push({ type: 'renamed', from: text(before.name), to: text(after.name) });
  }
  if (text(before.description) !== text(after.description)) {
    changes.push({ type: 'descriptionChanged' });
  }
  return changes;
}

function dashboardChanges(before: Definition, after: Definition): RevisionChange[] {
  const changes: RevisionChange[] = tabChanges(before, after);
  const tiles = matchItems(before.tiles, after.tiles, 'id');
  const oldTiles = new Map(list(before.tiles).map((tile) => [String(tile.id), tile]));
  const newTiles = new Map(list(after.tiles).map((tile) => [String(tile.id), tile]));
  for (const id of tiles.added)
    changes.push({ type: 'tileAdded', tile: tileName(newTiles.get(id)!) });
  for (const id of tiles.removed) {
    changes.push({ type: 'tileRemoved', tile: tileName(oldTiles.get(id)!) });
  }
  for (const [old, now] of tiles.kept) {
    const tile = tileName(now);
    if (!same(old.layout, now.layout)) {
      changes.push({
        type: 'tileMoved',
        tile,
        from: old.layout as TilePlace,
        to: now.layout as TilePlace,
      });
    }
    const content = (item: Record<string, unknown>) => ({ ...item, layout: null, layouts: null });
    if (!same(content(old), content(now))) changes.push({ type: 'tileChanged', tile });
  }
  const filters = matchItems(before.filters, after.filters, 'id');
  const label = (filter: Record<string, unknown>) => text(filter.label) || String(filter.id);
  const oldFilters = new Map(list(before.filters).map((filter) => [String(filter.id), filter]));
  const newFilters = new Map(list(after.filters).map((filter) => [String(filter.id), filter]));
  for (const id of filters.added) {
    changes.push({ type: 'filterAdded', filter: label(newFilters.get(id)!) });
  }
  for (const id of filters.removed) {
    changes.push({ type: 'filterRemoved', filter: label(oldFilters.get(id)!) });
  }
  for (const [old, now] of filters.kept) {
    if (!same(old, now)) changes.push({ type: 'filterChanged', filter: label(now) });
  }
  if ((before.refreshSeconds ?? 0) !== (after.refreshSeconds ?? 0)) {
    const from = Number(before.refreshSeconds ?? 0);
    changes.push({ type: 'refreshChanged', from, to: Number(after.refreshSeconds ?? 0) });
  }
  return changes;
}

function chartChanges(before: Definition, after: Definition): RevisionChange[] {
  const changes: RevisionChange[] = [];
  if (before.datasetId !== after.datasetId) {
    const [from, to] = [Number(before.datasetId), Number(after.datasetId)];
    changes.push({ type: 'datasetChanged', from, to });
  }
  const old = (before.spec ?? {}) as Record<string, unknown>;
  const now = (after.spec ?? {}) as Record<string, unknown>;
  if (old.type !== now.type) {
    changes.push({ type: 'chartTypeChanged', from: text(old.type), to: text(now.type) });
  }
  if (text(old.title) !== text(now.title)) {
    changes.push({ type: 'chartTitleChanged', from: text(old.title), to: text(now.title) });
  }
  if (!same(old.query, now.query)) changes.push({ type: 'queryChanged' });
  if (!same(old.encoding ?? {}, now.encoding ?? {})) changes.push({ type: 'encodingChanged' });
  if (!same(old.options ?? {}, now.options ?? {})) changes.push({ type: 'optionsChanged' });
  return changes;
}

function datasetChanges(before: Definition, after: Definition): RevisionChange[] {
  const changes: RevisionChange[] = [];
  if (before.sourceId !== after.sourceId) {
    const [from, to] = [Number(before.sourceId), Number(after.sourceId)];
    changes.push({ type: 'sourceChanged', from, to });
  }
  if (text(before.table) !== text(after.table)) {
    changes.push({ type: 'tableChanged', from: text(before.table), to: text(after.table) });
  }
  if (text(before.sql) !== text(after.sql)) changes.push({ type: 'sqlChanged' });
  const fields = matchItems(before.fields, after.fields, 'name');
  for (const field of fields.added) changes.push({ type: 'fieldAdded', field });
  for (const field of fields.removed) changes.push({ type: 'fieldRemoved', field });
  for (const [old, now] of fields.kept) {
    if (!same(old, now)) changes.push({ type: 'fieldChanged', field: String(now.name) });
  }
  return changes;
}

const BY_KIND: Record<RevisionKind, (before: Definition, after: Definition) => RevisionChange[]> = {
  dashboard: dashboardChanges,
  chart: chartChanges,
  dataset: datasetChanges,
};

/**
 * What changed from `before` to `after`, two definitions of one `kind` of object; `before`
 * null: the object was created. Same definitions: no changes.
 */
export function revisionChanges(
  kind: RevisionKind,
  before: Definition | null,
  after: Definition,
): RevisionChange[] {
  if (before === null) return [{ type: 'created' }];
  return [...commonChanges(before, after), ...BY_KIND[kind](before, after)];
}

/** The definition a revision keeps of a record: all but its id, stamps and row count. */
export function definitionOf(record: object): Definition {
  const definition: Definition = { ...record };
  for (const key of ['id', 'createdAt', 'updatedAt', 'rowCount']) delete definition[key];
  return definition;
}
