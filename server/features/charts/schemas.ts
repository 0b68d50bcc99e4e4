import { z } from 'zod';
import { ID_PARAMS } from '../../http/idParams';
import { LIST_ANSWER_DESCRIPTION, LIST_QUERYSTRING } from '../../http/listQuerySchema';
import { CHART_TYPES, type ChartSpec } from '../../../src/model/charts';
import { chartEncodingSchema, chartOptionsSchema } from '../../../src/model/api/charts';
import { SEMANTIC_QUERY as semanticQuerySchema } from '../../../src/model/api/query';

// Payload of POST/PUT /aicharts. Strict objects: an unknown field is a 400. Read-only fields
// the web app sends back with a record (id, timestamps) are accepted and ignored. Field names
// of the query are checked against the dataset by compiling it (chartValidation.ts).

const REQUIRED = {
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : undefined),
};

export const chartSpecSchema = z.strictObject({
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

/** A saved chart as the API answers it. */
export const savedChartSchema = z.object({
  id: z.number(),
  datasetId: z.number(),
  name: z.string(),
  description: z.string().optional(),
  spec: chartSpecSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});

const tags = ['charts'];

export const LIST_CHARTS = {
  tags,
  summary: "The account's saved charts.",
  querystring: LIST_QUERYSTRING,
  response: { 200: z.array(savedChartSchema).describe(LIST_ANSWER_DESCRIPTION) },
};

export const GET_CHART = {
  tags,
  summary: 'One saved chart.',
  params: ID_PARAMS,
  response: { 200: savedChartSchema },
};

export const CREATE_CHART = {
  tags,
  summary: 'Saves a chart whose query compiles against its dataset.',
  body: chartSchema,
  response: { 200: savedChartSchema },
};

// An update may echo the record GET answered (read-only fields unchanged): parseUpdate reads
// the body against the stored record, so the route takes it as it comes.
export const UPDATE_CHART = {
  tags,
  summary: 'Changes a saved chart (the body of POST; read-only fields may be echoed).',
  params: ID_PARAMS,
  body: z.unknown().describe('The chart, as POST takes it; read-only fields may be echoed.'),
  response: { 200: savedChartSchema },
};

export const DELETE_CHART = {
  tags,
  summary: 'Deletes a chart no dashboard shows; answers the deleted chart.',
  params: ID_PARAMS,
  response: { 200: savedChartSchema },
};
