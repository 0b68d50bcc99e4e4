import { z } from 'zod';
import {
  ANSWER_STANDING,
  ANSWERS_BODY,
  STORED_ANSWER,
  SURVEY,
  SURVEY_BODY,
  SURVEY_RESULTS,
} from '../../../common/api/surveys';
import { ID_PARAMS } from '../../http/idParams';
import { recordRouteSchemas } from '../../http/recordRouteSchemas';
import { routeSchemasOf } from '../../http/routeSchema';

const route = routeSchemasOf('surveys');

export const SURVEY_ROUTES = recordRouteSchemas(
  { tag: 'surveys', noun: 'survey', record: SURVEY, create: SURVEY_BODY },
  {
    list: 'List surveys (drafts for editors only)',
    create: 'Create a draft survey',
    update: 'Change a survey (a published one keeps its questions)',
    remove: 'Delete a survey with its answers and dataset',
  },
);

export const PUBLISH = route('Publish a survey: it takes answers, kept in a dataset', {
  params: ID_PARAMS,
  answer: SURVEY,
});

export const CLOSE = route('Close a published survey', { params: ID_PARAMS, answer: SURVEY });

export const MY_ANSWERS = route(
  'How often the signed-in user answered, and whether they may answer',
  { params: ID_PARAMS, answer: ANSWER_STANDING },
);

export const ANSWER = {
  ...route('Answer a published survey', { params: ID_PARAMS, body: ANSWERS_BODY }),
  response: { 201: STORED_ANSWER },
};

export const RESULTS = route('The results of a survey, per question', {
  params: ID_PARAMS,
  answer: SURVEY_RESULTS,
});

export const ANSWERS_CSV = route('The answers as a CSV file', {
  params: ID_PARAMS,
  answer: z.string().describe('text/csv: one row per answer'),
});
