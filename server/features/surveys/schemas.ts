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
import { LIST_ANSWER_DESCRIPTION, LIST_QUERYSTRING } from '../../http/listQuerySchema';

// The route schemas of the survey routes; the payloads are in the shared model.

const tags = ['surveys'];

export const LIST = {
  tags,
  summary: 'List surveys (drafts for editors only)',
  querystring: LIST_QUERYSTRING,
  response: { 200: z.array(SURVEY).describe(LIST_ANSWER_DESCRIPTION) },
};

export const SHOW = {
  tags,
  summary: 'Read one survey',
  params: ID_PARAMS,
  response: { 200: SURVEY },
};

export const CREATE = {
  tags,
  summary: 'Create a draft survey',
  body: SURVEY_BODY,
  response: { 200: SURVEY },
};

/** The body is checked by parseUpdate (an edit form echoes read-only fields). */
export const UPDATE = {
  tags,
  summary: 'Change a survey (a published one keeps its questions)',
  params: ID_PARAMS,
  response: { 200: SURVEY },
};

export const REMOVE = {
  tags,
  summary: 'Delete a survey with its answers and dataset',
  params: ID_PARAMS,
  response: { 200: SURVEY },
};

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
