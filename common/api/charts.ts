import { z } from 'zod';
import { CHART_TYPES, DATE_FORMATS, LEGEND_POSITIONS, MAP_REGION_SETS } from '../charts';
import { SEMANTIC_QUERY } from './query';
import { CHART_TRANSLATIONS, TRANSLATIONS_ANSWER } from '../contentTranslations';

// Charts on the wire: a chart spec (its query, encoding and options), the payload of
// POST/PUT /aicharts and the saved chart answered. Strict objects: an unknown field is a 400.

const columnName = z.string().min(1).max(255);
const colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{3,8}$/, 'must be a colour like #1a73e8')
  .max(9);

/**
 * Which result columns play which part. Names are result column names: dimension field
 * names and measure keys (measureKey() in analytics.ts).
 */
const chartEncodingSchema = z.strictObject({
  x: columnName
    .optional()
    .describe(
      'category or time axis (bar/column/line/area/stacked/heatmap x), slice name (pie/donut), region (regionMap)',
    ),
  y: z
    .array(columnName)
    .max(20)
    .optional()
    .describe('value columns (one series each unless `series` splits them)'),
  series: columnName
    .optional()
    .describe('a dimension whose values become separate series (stacked, multi-line, heatmap y)'),
  color: columnName.optional().describe('scatter: colour by this dimension'),
  size: columnName.optional().describe('scatter: size by this column'),
});

const chartOptionsSchema = z.strictObject({
  xLabel: z.string().max(200).optional(),
  yLabel: z.string().max(200).optional(),
  numberFormat: z
    .string()
    .max(40)
    .optional()
    .describe("'number' | 'integer' | 'percent' | 'compact' | 'currency:USD'"),
  dateFormat: z.enum(DATE_FORMATS).optional(),
  legend: z.enum(LEGEND_POSITIONS).optional(),
  colors: z
    .array(colour)
    .max(30)
    .optional()
    .describe("colours of the series, in order; default: the tenant's brand palette"),
  pageSize: z.number().int().min(1).max(500).optional().describe('table: rows per page'),
  binWidth: z
    .number()
    .finite()
    .positive()
    .optional()
    .describe('histogram: bin width of the binned dimension'),
  pivot: z
    .strictObject({
      columns: z
        .array(columnName)
        .max(5)
        .default([])
        .describe('dimension fields laid across as columns; the other dimensions are rows'),
      totals: z.boolean().default(true).describe('a grand total row and column'),
      subtotals: z.boolean().default(true).describe('a subtotal for each group of rows/columns'),
      colorScale: z
        .boolean()
        .default(false)
        .describe("cells shaded by their value, on a scale of each measure's own"),
    })
    .optional()
    .describe('pivot: how the dimensions are laid out and which totals are shown'),
  mapRegions: z
    .enum(MAP_REGION_SETS)
    .optional()
    .describe('regionMap: countries or US states; default: the set the values name more of'),
});

export type ChartEncoding = z.infer<typeof chartEncodingSchema>;
export type ChartOptions = z.infer<typeof chartOptionsSchema>;

const REQUIRED = {
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : undefined),
};

export const chartSpecSchema = z.strictObject({
  type: z.enum(CHART_TYPES, REQUIRED),
  title: z.string().trim().max(200).default(''),
  query: SEMANTIC_QUERY,
  encoding: chartEncodingSchema.default({}),
  options: chartOptionsSchema.default({}),
});

/** A chart spec once read: title, encoding and options filled with their defaults. */
export type ChartSpec = z.output<typeof chartSpecSchema>;

// Payload of POST/PUT /aicharts. Read-only fields the web app sends back with a record (id,
// timestamps) are accepted and ignored. Field names of the query are checked against the
// dataset by compiling it (server/features/charts/chartValidation.ts).
export const chartSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  datasetId: z.number(REQUIRED).int().positive(),
  name: z.string(REQUIRED).trim().min(1, 'is required').max(200),
  description: z.string().trim().max(2000).default(''),
  spec: chartSpecSchema,
  translations: CHART_TRANSLATIONS.optional().describe(
    "per language code, the translated name and title (the spec's); omitted: kept as they are",
  ),
});

export type ChartInput = z.infer<typeof chartSchema>;

/** A saved chart as the API answers it: the `aicharts` resource, however it was made. */
export const savedChartSchema = z.object({
  id: z.number(),
  datasetId: z.number(),
  name: z.string(),
  description: z.string().optional(),
  spec: chartSpecSchema,
  translations: TRANSLATIONS_ANSWER.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A saved chart as the API answers it, timestamps included. */
export type ChartRecord = z.output<typeof savedChartSchema>;
/** A saved chart; its timestamps are optional because a shared dashboard's charts lack them. */
export type SavedChart = Omit<ChartRecord, 'createdAt' | 'updatedAt'> &
  Partial<Pick<ChartRecord, 'createdAt' | 'updatedAt'>>;
