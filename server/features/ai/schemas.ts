import { askAnswerSchema, askSchema, questionFactsSchema } from '../../../src/model/api/ai';
import { ID_PARAMS } from '../../http/idParams';

// Route schemas of the Ask box.

const tags = ['ai'];

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
