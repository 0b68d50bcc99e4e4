import { z } from 'zod';
import { FIELD_ROLES, FIELD_TYPES, GOOD_DIRECTIONS } from '../analytics';
import { DATASET_DRILL_PATHS } from './drill';

// What /api/v1/datasets takes and answers: a table or a SQL query over a source, with its
// fields (detected when omitted). Read-only fields the web app sends back with a record (id,
// rowCount, timestamps) are accepted and ignored; anything else unknown is a 400.

const REQUIRED = {
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : undefined),
};
const text = (max: number) => z.string(REQUIRED).trim().min(1, 'is required').max(max);

export const DATASET_FIELD = z.strictObject({
  name: z.string(REQUIRED).min(1, 'is required').max(255),
  label: text(200),
  type: z.enum(FIELD_TYPES),
  role: z.enum(FIELD_ROLES),
  synonyms: z.array(text(100)).max(50).default([]),
  translations: z
    .record(
      z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'must be a language code such as fr or pt-BR'),
      z.strictObject({
        label: text(200).optional(),
        synonyms: z.array(text(100)).max(50).optional(),
      }),
    )
    .optional()
    .describe(
      'The label and the words people use for the field in other languages, by language code (fr, de, es): the question parser matches them',
    ),
  format: z.string().trim().max(100).optional(),
  goodDirection: z
    .enum(GOOD_DIRECTIONS, { error: () => `must be one of ${GOOD_DIRECTIONS.join(', ')}` })
    .optional()
    .describe('For a measure: which way of its change is good (KPI colours); up when not said.'),
});
export type DatasetField = z.infer<typeof DATASET_FIELD>;

/** A dataset field as the API answers it. */
const DATASET_FIELD_ANSWER = DATASET_FIELD;

/** Body of POST /datasets and PUT /datasets/{id}. */
export const DATASET_INPUT = z
  .strictObject({
    id: z.number().int().positive().optional(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
    rowCount: z.number().nullable().optional(),
    sourceId: z.number(REQUIRED).int().positive(),
    name: text(100),
    description: z.string().trim().max(2000).default(''),
    table: z.string().trim().min(1).max(255).nullable().optional(),
    sql: z.string().trim().min(1).max(100_000).nullable().optional(),
    fields: z.array(DATASET_FIELD).min(1, 'must list at least one field').max(2000).optional(),
    drillPaths: DATASET_DRILL_PATHS.optional().describe(
      'chains of field names a chart drills down, coarse to fine (country, state, city)',
    ),
  })
  .superRefine((value, context) => {
    if (Boolean(value.table) === Boolean(value.sql)) {
      context.addIssue({
        code: 'custom',
        path: ['table'],
        message: 'give exactly one of table and sql',
      });
    }
  });
export type DatasetInput = z.infer<typeof DATASET_INPUT>;

export const DATASET = z.object({
  id: z.number().int(),
  sourceId: z.number().int(),
  name: z.string(),
  description: z.string().optional(),
  table: z.string().optional(),
  sql: z.string().optional(),
  fields: z.array(DATASET_FIELD_ANSWER),
  drillPaths: DATASET_DRILL_PATHS.optional(),
  rowCount: z.number().optional(),
});
export type Dataset = z.infer<typeof DATASET>;

/** A dataset as the API answers it. */
export const DATASET_RECORD = DATASET.extend({ createdAt: z.string(), updatedAt: z.string() });
export type DatasetRecord = z.infer<typeof DATASET_RECORD>;

/** Query string of GET /datasets/{id}/preview. */
export const PREVIEW_QUERY = z.strictObject({
  limit: z.coerce.number().int().min(1).max(1000).default(50),
});

/** Answer of GET /datasets/{id}/rowCount: null when the source could not count in time. */
export const ROW_COUNT = z.object({ rowCount: z.number().nullable() });
