import { askAnswerSchema, askSchema, questionFactsSchema } from '../../../common/api/ai';
import { ID_PARAMS } from '../../http/idParams';
import { routeSchemasOf } from '../../http/routeSchema';

// Route schemas of the Ask box.

const route = routeSchemasOf('ai');

export const QUESTION_CONTEXT = route(
  "Values and ranges sampled from a dataset, for parsing questions as they're typed.",
  { params: ID_PARAMS, answer: questionFactsSchema },
);

export const ASK = route(
  'Turns a question about a dataset into a chart spec (parser, then the model).',
  { body: askSchema, answer: askAnswerSchema },
);
