import {
  DATASET_INPUT,
  DATASET_RECORD,
  PREVIEW_QUERY,
  ROW_COUNT,
} from '../../../src/model/api/datasets';
import { QUERY_RESULT } from '../../../src/model/api/query';
import { ID_PARAMS } from '../../http/idParams';
import { recordRouteSchemas } from '../../http/recordRouteSchemas';

// Route schemas of /api/v1/datasets; the payloads and answers are the model's
// (src/model/api/datasets.ts).

const tags = ['datasets'];

const SCHEMAS = recordRouteSchemas({
  tag: 'datasets',
  noun: 'dataset',
  record: DATASET_RECORD,
  create: DATASET_INPUT,
  summaries: {
    list: 'List the datasets of the account.',
    show: 'One dataset.',
    create: 'Add a dataset over a table or SQL of a source; fields are detected when omitted.',
    update: 'Change a dataset.',
    remove: 'Delete a dataset no saved chart uses; answers the deleted record.',
  },
});
export const LIST_DATASETS = SCHEMAS.list;
export const GET_DATASET = SCHEMAS.show;
export const CREATE_DATASET = SCHEMAS.create;
export const UPDATE_DATASET = SCHEMAS.update;
export const DELETE_DATASET = SCHEMAS.remove;

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
