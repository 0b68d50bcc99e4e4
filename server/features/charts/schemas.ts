import { z } from 'zod';
import { CHART_TYPES, LEGEND_POSITIONS, type ChartSpec } from '../../../src/model/charts';
import { SEMANTIC_QUERY as semanticQuerySchema } from '../../../src/model/api/query';

// Payload of POST/PUT /aicharts. Strict objects: an unknown field is a 400. Read-only fields
// the web app sends back with a record (id, timestamps) are accepted and ignored. Field names
// of the query are checked against the dataset by compiling it (chartValidation.ts).

const REQUIRED = {
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : undefined),
};
const columnName = z.string().min(1).max(255);
const colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{3,8}$/, 'must be a colour like #1a73e8')
  .max(9);

const chartEncodingSchema = z.strictObject({
  x: columnName.optional(),
  y: z.array(columnName).max(20).optional(),
  series: columnName.optional(),
  color: columnName.optional(),
  size: columnName.optional(),
});

const chartOptionsSchema = z.strictObject({
  xLabel: z.string().max(200).optional(),
  yLabel: z.string().max(200).optional(),
  numberFormat: z.string().max(40).optional(),
  dateFormat: z.enum(['date', 'month', 'quarter', 'year', 'datetime']).optional(),
  legend: z.enum(LEGEND_POSITIONS).optional(),
  colors: z.array(colour).max(30).optional(),
  pageSize: z.number().int().min(1).max(500).optional(),
  binWidth: z.number().finite().positive().optional(),
});

const chartSpecSchema = z.strictObject({
  type: z.enum(CHART_TYPES, REQUIRED),
  title: z.string().trim().max(200).default(''),
  query: semanticQuerySchema,
  encoding: chartEncodingSchema.default({}),
  options: chartOptionsSchema.default({}),
}) satisfies z.ZodType<ChartSpec, unknown>;

export const chartSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  datasetId: z.number(REQUIRED).int().positive(),
  name: z.string(REQUIRED).trim().min(1, 'is required').max(200),
  description: z.string().trim().max(2000).default(''),
  spec: chartSpecSchema,
});

export type ChartInput = z.infer<typeof chartSchema>;
