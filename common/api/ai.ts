import { z } from 'zod';
import { MAX_QUESTION_LENGTH, TOKEN_KINDS } from '../nl/types';
import { chartSpecSchema } from './charts';

// The Ask box on the wire: the question sent to POST /api/v1/aicharts/ask, its answer (the
// parser's answer, the SQL and who read it), and the dataset facts
// GET /api/v1/aicharts/context/{id} answers for parsing as the user types.

/** Body of POST /api/v1/aicharts/ask. */
export const askSchema = z.strictObject({
  datasetId: z.number().int().positive(),
  question: z
    .string()
    .trim()
    .min(1, 'Type a question about the dataset.')
    .max(MAX_QUESTION_LENGTH, `A question has at most ${MAX_QUESTION_LENGTH} characters.`),
  language: z
    .string()
    .regex(/^[a-z]{2}([-_][A-Za-z]{2})?$/, 'must be a language code such as fr or pt-BR')
    .optional()
    .describe(
      "The asker's language (en, fr, de, es): the question is read in it unless its words are plainly of another; detected from the words when not given.",
    ),
});

export type AskRequest = z.infer<typeof askSchema>;

/** One piece of an answer's interpretation, shown as an editable chip. */
const interpretationTokenSchema = z.object({
  kind: z.enum(TOKEN_KINDS),
  /** what it means, in words: "Average of Delay (minutes)", "Origin airport is SFO" */
  label: z.string(),
  /** the words of the question it came from; empty when it was inferred (a default) */
  text: z.string(),
  /**
   * Which part of the chart draft (model/chartDraft) it stands for: the index into the
   * draft's `dimensions`, `measures`, `filters` or `sort`; `grain` and `bin` point at their
   * dimension; `series`, `limit` and `chart` have none.
   */
  index: z.number().optional(),
});

export type InterpretationToken = z.infer<typeof interpretationTokenSchema>;

/** What the question parser (and the optional model) answer for a question. */
const questionAnswerSchema = z.object({
  spec: chartSpecSchema,
  interpretation: z.array(interpretationTokenSchema),
  /** never guessed: the words are ignored */
  unmatched: z.array(z.string()).describe('words of the question that were not placed'),
  /** when the question was ambiguous */
  alternatives: z.array(chartSpecSchema).describe('other readings, best first'),
  /**
   * what the reader should know about the answer, in sentences: a chart type the fields
   * could not make and what is shown instead, a breakdown whose field was guessed
   */
  notes: z.array(z.string()),
});

export type QuestionAnswer = z.output<typeof questionAnswerSchema>;

/** The answer of POST /api/v1/aicharts/ask. */
export const askAnswerSchema = questionAnswerSchema.extend({
  sql: z.string(),
  /** who read the question: the built-in parser, or the operator's language model */
  answeredBy: z.enum(['parser', 'model']),
});

export type AskAnswer = z.output<typeof askAnswerSchema>;

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
