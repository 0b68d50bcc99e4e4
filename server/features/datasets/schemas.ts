import { z } from 'zod';
import { FIELD_ROLES, FIELD_TYPES, GOOD_DIRECTIONS } from '../../../src/model/analytics';

// Payload of POST/PUT /datasets: a table or a SQL query over a source, with optional fields
// (detected when omitted). Read-only fields the web app sends back with a record (id,
// rowCount, timestamps) are accepted and ignored; anything else unknown is a 400.

const REQUIRED = {
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : undefined),
};
const text = (max: number) => z.string(REQUIRED).trim().min(1, 'is required').max(max);

const datasetFieldSchema = z.strictObject({
  name: z.string(REQUIRED).min(1, 'is required').max(255),
  label: text(200),
  type: z.enum(FIELD_TYPES),
  role: z.enum(FIELD_ROLES),
  synonyms: z.array(text(100)).max(50).default([]),
  format: z.string().trim().max(100).optional(),
  goodDirection: z
    .enum(GOOD_DIRECTIONS, { error: () => `must be one of ${GOOD_DIRECTIONS.join(', ')}` })
    .optional(),
});

export const datasetSchema = z
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
    fields: z.array(datasetFieldSchema).min(1, 'must list at least one field').max(2000).optional(),
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

export type DatasetInput = z.infer<typeof datasetSchema>;

export const previewQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(1000).default(50),
});
