import { z } from 'zod';
import { QUESTION_TYPES, SURVEY_STATUSES } from '../surveys';

// What the survey routes take and answer: the simple-rest surveys resource and its actions
// (publish, close, answer, the reader's standing, results).

const MAX_QUESTIONS = 100;
const MAX_CHOICES = 50;
const QUESTION_ID = /^q\d{1,4}$/;

const SURVEY_QUESTION = z.object({
  id: z.string().describe("Stable key of the question: the answer's key and the dataset's column"),
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  required: z.boolean(),
  choices: z.array(z.string()).optional().describe('The options of choice questions'),
});
export type SurveyQuestion = z.infer<typeof SURVEY_QUESTION>;

export const SURVEY = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  questions: z.array(SURVEY_QUESTION),
  status: z.enum(SURVEY_STATUSES),
  allowMultiple: z.boolean(),
  datasetId: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Survey = z.infer<typeof SURVEY>;

const QUESTION_BODY = z.object({
  id: z.string().regex(QUESTION_ID, 'must look like q1').nullish(),
  type: z.enum(QUESTION_TYPES),
  text: z.string().trim().min(1, 'is required').max(500),
  required: z.boolean().nullish(),
  choices: z
    .array(z.string().max(200).nullable())
    .max(MAX_CHOICES * 2)
    .nullish(),
});

/** The payload of create and update (an update's echo of the record is checked apart). */
export const SURVEY_BODY = z.strictObject({
  name: z.string().trim().min(1, 'is required').max(200),
  description: z.string().max(5000).nullish(),
  allowMultiple: z.boolean().nullish(),
  questions: z.array(QUESTION_BODY).max(MAX_QUESTIONS).default([]),
});
export type SurveyBody = z.infer<typeof SURVEY_BODY>;

const ANSWER_VALUE = z.union([z.string(), z.number(), z.array(z.string())]);

export const ANSWERS_BODY = z.strictObject({
  answers: z.record(z.string(), z.union([ANSWER_VALUE, z.null()])),
});

export const STORED_ANSWER = z.object({
  id: z.number(),
  answers: z.record(z.string(), ANSWER_VALUE),
  createdAt: z.string(),
});

/** Whether the signed-in user may answer (again). */
export const ANSWER_STANDING = z.object({ count: z.number(), canAnswer: z.boolean() });
export type AnswerStanding = z.infer<typeof ANSWER_STANDING>;

const QUESTION_SUMMARY = z.object({
  questionId: z.string(),
  text: z.string(),
  type: z.enum(QUESTION_TYPES),
  answered: z.number(),
  counts: z
    .array(z.object({ value: z.string(), count: z.number() }))
    .optional()
    .describe('Choice and rating questions: every option with its count'),
  min: z.number().nullable().optional(),
  avg: z.number().nullable().optional(),
  max: z.number().nullable().optional(),
  texts: z.array(z.string()).optional().describe('Text and date questions, oldest first'),
});
export type QuestionSummary = z.infer<typeof QUESTION_SUMMARY>;

export const SURVEY_RESULTS = z.object({
  total: z.number(),
  questions: z.array(QUESTION_SUMMARY),
});
export type SurveyResults = z.infer<typeof SURVEY_RESULTS>;
