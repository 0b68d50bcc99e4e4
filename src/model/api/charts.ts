import { z } from 'zod';
import { DATE_FORMATS, LEGEND_POSITIONS } from '../charts';

// Charts on the wire: a chart spec's encoding and options (strict: an unknown field is a 400).
// The spec and the saved chart join these with SemanticQuery's schema, which is still the
// server's (server/query/querySchemas.ts): they are put together in features/charts/schemas.ts.

const columnName = z.string().min(1).max(255);
const colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{3,8}$/, 'must be a colour like #1a73e8')
  .max(9);

/**
 * Which result columns play which part. Names are result column names: dimension field
 * names and measure keys (measureKey() in analytics.ts).
 */
export const chartEncodingSchema = z.strictObject({
  x: columnName
    .optional()
    .describe(
      'category or time axis (bar/column/line/area/stacked/heatmap x), slice name (pie/donut)',
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

export const chartOptionsSchema = z.strictObject({
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
});

export type ChartEncoding = z.infer<typeof chartEncodingSchema>;
export type ChartOptions = z.infer<typeof chartOptionsSchema>;
