import { z } from 'zod';
import { MAX_QUESTION_LENGTH, TOKEN_KINDS } from '../nl/types';

// The Ask box on the wire: the question sent to POST /api/v1/aicharts/ask, the parts of its
// answer that are not a chart spec, and the dataset facts GET /api/v1/aicharts/context/{id}
// answers for parsing as the user types.

/** Body of POST /api/v1/aicharts/ask. */
export const askSchema = z.strictObject({
  datasetId: z.number().int().positive(),
  question: z
    .string()
    .trim()
    .min(1, 'Type a question about the dataset.')
    .max(MAX_QUESTION_LENGTH, `A question has at most ${MAX_QUESTION_LENGTH} characters.`),
});

export type AskRequest = z.infer<typeof askSchema>;

/** One piece of an answer's interpretation (InterpretationToken). */
export const interpretationTokenSchema = z.object({
  kind: z.enum(TOKEN_KINDS),
  label: z.string(),
  text: z.string(),
  index: z.number().optional(),
});

/** The answer of GET /api/v1/aicharts/context/{id}: facts sampled from the dataset's rows. */
export const questionFactsSchema = z.object({
  values: z
    .record(z.string(), z.array(z.string()))
    .describe('distinct values of low-cardinality text fields, by field name'),
  ranges: z
    .record(z.string(), z.object({ min: z.number(), max: z.number() }))
    .optional()
    .describe('smallest and largest value of number fields, by field name'),
});

export type QuestionFacts = z.infer<typeof questionFactsSchema>;
