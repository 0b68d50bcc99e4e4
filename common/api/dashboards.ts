import { z } from 'zod';
import { GRID_BREAKPOINTS, MIN_TILE_COLUMNS } from '../charts';
import { DASHBOARD_TRANSLATIONS, TRANSLATIONS_ANSWER } from '../contentTranslations';

// Dashboards on the wire: the payload of POST/PUT /dashboards and the record answered, and the
// filter values a share link freezes or a viewer sets. Strict objects: an unknown field is a
// 400. References (chart ids, filter bindings) are checked against the account by the server
// (features/dashboards/dashboardValidation.ts).

const GRID_COLUMNS = GRID_BREAKPOINTS.lg.cols;
const MAX_MARKDOWN = 20_000;

const REQUIRED = {
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : undefined),
};
export const itemId = z.string(REQUIRED).trim().min(1, 'is required').max(100);
export const filterValueItems = z
  .array(z.union([z.string().max(1000), z.number().finite()]))
  .max(1000);

/** A tile's place on a grid of `cols` columns, at least `minW` of them wide. */
function layoutSchema(cols: number, minW = 1) {
  return z
    .strictObject({
      x: z
        .number(REQUIRED)
        .int()
        .min(0)
        .max(cols - 1),
      y: z.number(REQUIRED).int().min(0).max(10_000),
      w: z
        .number(REQUIRED)
        .int()
        .min(minW, `must be at least ${minW} (the narrowest tile the grid draws)`)
        .max(cols),
      h: z.number(REQUIRED).int().min(1).max(100),
    })
    .refine((layout) => layout.x + layout.w <= cols, {
      message: `x + w must be at most ${cols} (the grid's columns)`,
      path: ['w'],
    });
}

/** Places saved on the narrow grids (optional: dashboards saved before them have none). */
const narrowLayoutsSchema = z.strictObject({
  sm: layoutSchema(GRID_BREAKPOINTS.sm.cols).optional(),
  xs: layoutSchema(GRID_BREAKPOINTS.xs.cols).optional(),
});

export const TILE_KINDS = ['chart', 'text', 'heading'] as const;

/** The content field each kind of tile needs; a tile has no other kind's. */
const CONTENT_OF_KIND = { chart: 'chartId', text: 'markdown', heading: 'heading' } as const;
const NEEDED = {
  chartId: 'a chart tile needs a chart',
  markdown: 'a text tile needs markdown',
  heading: 'a heading tile needs its text',
} as const;
const FORBIDDEN = {
  chartId: 'only chart tiles have a chart',
  markdown: 'only text tiles have markdown',
  heading: 'only heading tiles have a heading',
} as const;

export const dashboardTileSchema = z
  .strictObject({
    id: itemId,
    kind: z.enum(TILE_KINDS, REQUIRED),
    chartId: z.number().int().positive().optional(),
    markdown: z.string().max(MAX_MARKDOWN).optional(),
    heading: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(200)
      .optional()
      .describe('the text of a heading tile: a title between sections'),
    link: z
      .strictObject({
        dashboardId: z.number(REQUIRED).int().positive(),
        filterId: itemId.describe("the target dashboard's filter that receives the clicked value"),
      })
      .optional()
      .describe('a chart tile\'s "Open <dashboard>": another dashboard of the account'),
    tabId: itemId
      .optional()
      .describe("the id of the dashboard's tab it is on; none: the first tab"),
    // At least 2 of 12 columns, as the editor draws it: a layout of 1-column tiles is one of a
    // narrow grid saved in the desktop's place, and would shrink every tile to 86 px.
    layout: layoutSchema(GRID_COLUMNS, MIN_TILE_COLUMNS).describe(
      'the place on the 12-column (lg) grid, at least 2 columns wide',
    ),
    layouts: narrowLayoutsSchema
      .optional()
      .describe('places saved on narrower grids; a missing one is derived from `layout`'),
  })
  .superRefine((tile, context) => {
    for (const kind of TILE_KINDS) {
      const field = CONTENT_OF_KIND[kind];
      const present = tile[field] !== undefined;
      if (tile.kind === kind && !present) {
        context.addIssue({ code: 'custom', path: [field], message: NEEDED[field] });
      }
      if (tile.kind !== kind && present) {
        context.addIssue({ code: 'custom', path: [field], message: FORBIDDEN[field] });
      }
    }
    if (tile.kind !== 'chart' && tile.link !== undefined) {
      context.addIssue({ code: 'custom', path: ['link'], message: 'only chart tiles link' });
    }
  });

export const MAX_TABS = 20;

export const dashboardTabSchema = z.strictObject({
  id: itemId.describe('stable while the tab is renamed: the `tab` parameter of its address'),
  title: z.string(REQUIRED).trim().min(1, 'is required').max(100),
});

const filterBindingSchema = z.strictObject({
  chartId: z.number(REQUIRED).int().positive(),
  field: z.string(REQUIRED).min(1, 'is required').max(255),
});

export const dashboardFilterSchema = z.strictObject({
  id: itemId,
  label: z.string(REQUIRED).trim().min(1, 'is required').max(200),
  type: z
    .enum(['dateRange', 'values'], REQUIRED)
    .describe(
      'dateRange: a between/relative filter on a time field; values: = / in on a dimension',
    ),
  bindings: z.array(filterBindingSchema).max(200),
  defaultValue: filterValueItems
    .optional()
    .describe('the value it starts with: [from, to] ISO dates, or a list of values'),
});

function uniqueIds(items: { id: string }[], context: z.RefinementCtx, path: string): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id)) {
      context.addIssue({
        code: 'custom',
        path: [path, index, 'id'],
        message: `"${item.id}" is used twice`,
      });
    }
    seen.add(item.id);
  });
}

/** Each tile's tab is one of the dashboard's. */
function checkTabsOfTiles(
  dashboard: { tiles: { tabId?: string }[]; tabs: { id: string }[] },
  context: z.RefinementCtx,
): void {
  const tabIds = new Set(dashboard.tabs.map((tab) => tab.id));
  dashboard.tiles.forEach((tile, index) => {
    if (tile.tabId === undefined || tabIds.has(tile.tabId)) return;
    context.addIssue({
      code: 'custom',
      path: ['tiles', index, 'tabId'],
      message:
        dashboard.tabs.length === 0
          ? 'the dashboard has no tabs'
          : `"${tile.tabId}" is none of the dashboard's tabs`,
    });
  });
}

export const dashboardSchema = z
  .strictObject({
    id: z.number().int().positive().optional(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
    name: z.string(REQUIRED).trim().min(1, 'is required').max(200),
    description: z.string().trim().max(2000).default(''),
    tiles: z.array(dashboardTileSchema).max(100).default([]),
    tabs: z
      .array(dashboardTabSchema)
      .max(MAX_TABS)
      .default([])
      .describe('in order; none: one implicit tab and no tab bar'),
    filters: z.array(dashboardFilterSchema).max(30).default([]),
    refreshSeconds: z
      .number()
      .int()
      .refine((value) => value === 0 || (value >= 10 && value <= 86_400), {
        message: 'must be 0 (off) or from 10 to 86400 seconds',
      })
      .default(0),
    translations: DASHBOARD_TRANSLATIONS.optional().describe(
      'per language code, the translated name and description; omitted: kept as they are',
    ),
  })
  .superRefine((dashboard, context) => {
    uniqueIds(dashboard.tiles, context, 'tiles');
    uniqueIds(dashboard.tabs, context, 'tabs');
    uniqueIds(dashboard.filters, context, 'filters');
    checkTabsOfTiles(dashboard, context);
  });

/** A dashboard filter's value, as a viewer sets it or a share link freezes it. */
export const dashboardFilterValueSchema = z.strictObject({
  filterId: itemId,
  value: filterValueItems,
});

const dashboardShape = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().optional(),
  tiles: z.array(dashboardTileSchema),
  tabs: z.array(dashboardTabSchema).optional().describe('none or empty: no tab bar'),
  filters: z.array(dashboardFilterSchema),
  refreshSeconds: z.number().describe('0 = no auto-refresh'),
  translations: TRANSLATIONS_ANSWER.optional(),
});

/** A dashboard as the API answers it. */
export const dashboardRecordSchema = dashboardShape.extend({
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type Dashboard = z.infer<typeof dashboardShape>;
export type DashboardTile = z.infer<typeof dashboardTileSchema>;
export type TileLayout = DashboardTile['layout'];
export type DashboardTab = z.infer<typeof dashboardTabSchema>;
export type DashboardLink = NonNullable<DashboardTile['link']>;
export type DashboardFilter = z.infer<typeof dashboardFilterSchema>;
export type FilterBinding = z.infer<typeof filterBindingSchema>;
/** A dashboard filter's current value, as the viewer set it (or frozen by a share link). */
export type DashboardFilterValue = z.infer<typeof dashboardFilterValueSchema>;

export type DashboardInput = z.infer<typeof dashboardSchema>;
export type DashboardRecord = z.infer<typeof dashboardRecordSchema>;
