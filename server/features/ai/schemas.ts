import { z } from 'zod';
import {
  askSchema,
  interpretationTokenSchema,
  questionFactsSchema,
} from '../../../src/model/api/ai';
import { ID_PARAMS } from '../../http/idParams';
import { chartSpecSchema } from '../charts/schemas';

// Route schemas of the Ask box. The answer holds chart specs, whose schema needs
// SemanticQuery's (server/query/querySchemas.ts): it is put together here.

const tags = ['ai'];

/** The answer of POST /api/v1/aicharts/ask (AskAnswer). */
const askAnswerSchema = z.object({
  spec: chartSpecSchema,
  interpretation: z.array(interpretationTokenSchema),
  unmatched: z.array(z.string()).describe('words of the question that were not placed'),
  alternatives: z.array(chartSpecSchema).describe('other readings, best first'),
  notes: z.array(z.string()),
  sql: z.string(),
  answeredBy: z.enum(['parser', 'model']),
});

export const QUESTION_CONTEXT = {
  tags,
  summary: "Values and ranges sampled from a dataset, for parsing questions as they're typed.",
  params: ID_PARAMS,
  response: { 200: questionFactsSchema },
};

export const ASK = {
  tags,
  summary: 'Turns a question about a dataset into a chart spec (parser, then the model).',
  body: askSchema,
  response: { 200: askAnswerSchema },
};
