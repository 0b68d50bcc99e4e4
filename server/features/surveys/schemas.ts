import { z } from 'zod';
import {
  ANSWER_STANDING,
  ANSWERS_BODY,
  STORED_ANSWER,
  SURVEY,
  SURVEY_BODY,
  SURVEY_RESULTS,
} from '../../../src/model/api/surveys';
import { ID_PARAMS } from '../../http/idParams';
import { recordRouteSchemas } from '../../http/recordRouteSchemas';

// The route schemas of the survey routes; the payloads are in the shared model.

const tags = ['surveys'];

const SCHEMAS = recordRouteSchemas({
  tag: 'surveys',
  noun: 'survey',
  record: SURVEY,
  create: SURVEY_BODY,
  summaries: {
    list: 'List surveys (drafts for editors only)',
    show: 'Read one survey',
    create: 'Create a draft survey',
    update: 'Change a survey (a published one keeps its questions)',
    remove: 'Delete a survey with its answers and dataset',
  },
});
export const LIST = SCHEMAS.list;
export const SHOW = SCHEMAS.show;
export const CREATE = SCHEMAS.create;
export const UPDATE = SCHEMAS.update;
export const REMOVE = SCHEMAS.remove;

export const PUBLISH = {
  tags,
  summary: 'Publish a survey: it takes answers, kept in a dataset',
  params: ID_PARAMS,
  response: { 200: SURVEY },
};

export const CLOSE = {
  tags,
  summary: 'Close a published survey',
  params: ID_PARAMS,
  response: { 200: SURVEY },
};

export const MY_ANSWERS = {
  tags,
  summary: 'How often the signed-in user answered, and whether they may answer',
  params: ID_PARAMS,
  response: { 200: ANSWER_STANDING },
};

export const ANSWER = {
  tags,
  summary: 'Answer a published survey',
  params: ID_PARAMS,
  body: ANSWERS_BODY,
  response: { 201: STORED_ANSWER },
};

export const RESULTS = {
  tags,
  summary: 'The results of a survey, per question',
  params: ID_PARAMS,
  response: { 200: SURVEY_RESULTS },
};

export const ANSWERS_CSV = {
  tags,
  summary: 'The answers as a CSV file',
  params: ID_PARAMS,
  response: { 200: z.string().describe('text/csv: one row per answer') },
};
