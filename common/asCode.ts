import { z } from 'zod';
import { chartSpecSchema } from './api/charts';
import { DATASET_FIELD } from './api/datasets';
import { dashboardTabSchema, MAX_TABS, TILE_KINDS } from './api/dashboards';
import { CHART_TRANSLATIONS, DASHBOARD_TRANSLATIONS } from './contentTranslations';

// Dashboards as code: the files `npm run bb -- export` writes and `import` reads, one per
// dataset, chart and dashboard. Each has a stable `id` (a slug of its name) and names what it
// uses by that id (a chart its dataset, a dashboard tile its chart) and a dataset its source
// by name, so the files move between accounts and installations.

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and dashes');

export const datasetFileSchema = z.strictObject({
  kind: z.literal('dataset'),
  id: slug,
  name: z.string().min(1).max(100),
  description: z.string().max(2000).default(''),
  source: z.string().min(1).describe('the name of the data source in the target account'),
  table: z.string().min(1).optional(),
  sql: z.string().min(1).optional(),
  fields: z.array(DATASET_FIELD).min(1),
});

export const chartFileSchema = z.strictObject({
  kind: z.literal('chart'),
  id: slug,
  name: z.string().min(1).max(200),
  description: z.string().max(2000).default(''),
  dataset: slug.describe('the id of the dataset file'),
  spec: chartSpecSchema.extend({ query: z.record(z.string(), z.unknown()) }),
  translations: CHART_TRANSLATIONS.optional().describe('per language code, name and title'),
});

export const dashboardFileSchema = z.strictObject({
  kind: z.literal('dashboard'),
  id: slug,
  name: z.string().min(1).max(200),
  description: z.string().max(2000).default(''),
  refreshSeconds: z.number().int().min(0).default(0),
  tabs: z
    .array(dashboardTabSchema)
    .max(MAX_TABS)
    .default([])
    .describe('tabs as in the API, in order; a tile names its tab by `tabId`'),
  translations: DASHBOARD_TRANSLATIONS.optional().describe(
    'per language code, name and description',
  ),
  tiles: z
    .array(z.looseObject({ id: z.string(), kind: z.enum(TILE_KINDS), chart: slug.optional() }))
    .describe(
      'tiles as in the API (chart, text, heading), with `chart` (a chart file id) for chartId',
    ),
  filters: z
    .array(
      z.looseObject({
        id: z.string(),
        bindings: z.array(z.strictObject({ chart: slug, field: z.string().min(1) })),
      }),
    )
    .describe('filters as in the API, bindings naming chart file ids'),
});

export const asCodeFileSchema = z.discriminatedUnion('kind', [
  datasetFileSchema,
  chartFileSchema,
  dashboardFileSchema,
]);
export type AsCodeFile = z.infer<typeof asCodeFileSchema>;
export type DatasetFile = z.infer<typeof datasetFileSchema>;
export type ChartFile = z.infer<typeof chartFileSchema>;
export type DashboardFile = z.infer<typeof dashboardFileSchema>;

/** The JSON Schema of a file (published at /api/v1/as-code/schema.json). */
export function asCodeJsonSchema() {
  return z.toJSONSchema(asCodeFileSchema, { io: 'input', unrepresentable: 'any' });
}

/** `name` as an id: lower case, runs of other characters as one dash. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'item';
}

/** Unique slugs of `names`, in order: a repeated one gets -2, -3 … */
export function uniqueSlugs(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const base = slugOf(name);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}-${count}`;
  });
}
