import { z } from 'zod';
import {
  DATASET_INPUT,
  DATASET_RECORD,
  PREVIEW_QUERY,
  ROW_COUNT,
} from '../../../src/model/api/datasets';
import { QUERY_RESULT } from '../../../src/model/api/query';
import { ID_PARAMS } from '../../http/idParams';
import { LIST_ANSWER_DESCRIPTION, LIST_QUERYSTRING } from '../../http/listQuerySchema';

// Route schemas of /api/v1/datasets; the payloads and answers are the model's
// (src/model/api/datasets.ts).

const tags = ['datasets'];

export const LIST_DATASETS = {
  tags,
  summary: 'List the datasets of the account.',
  querystring: LIST_QUERYSTRING,
  response: { 200: z.array(DATASET_RECORD).describe(LIST_ANSWER_DESCRIPTION) },
};

export const GET_DATASET = {
  tags,
  summary: 'One dataset.',
  params: ID_PARAMS,
  response: { 200: DATASET_RECORD },
};

export const CREATE_DATASET = {
  tags,
  summary: 'Add a dataset over a table or SQL of a source; fields are detected when omitted.',
  body: DATASET_INPUT,
  response: { 200: DATASET_RECORD },
};

export const UPDATE_DATASET = {
  tags,
  summary: 'Change a dataset.',
  params: ID_PARAMS,
  body: DATASET_INPUT,
  response: { 200: DATASET_RECORD },
};

export const DELETE_DATASET = {
  tags,
  summary: 'Delete a dataset no saved chart uses; answers the deleted record.',
  params: ID_PARAMS,
  response: { 200: DATASET_RECORD },
};

export const PREVIEW_DATASET = {
  tags,
  summary: "The dataset's first rows.",
  params: ID_PARAMS,
  querystring: PREVIEW_QUERY,
  response: { 200: QUERY_RESULT },
};

export const DATASET_ROW_COUNT = {
  tags,
  summary: "The dataset's stored row count.",
  params: ID_PARAMS,
  response: { 200: ROW_COUNT },
};

export const REFRESH_DATASET = {
  tags,
  summary: 'Re-read the columns (edits kept) and the row count of a dataset.',
  params: ID_PARAMS,
  response: { 200: DATASET_RECORD },
};
