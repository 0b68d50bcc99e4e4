import { z } from 'zod';
import {
  CONNECTION_TEST,
  DATA_SOURCE_INPUT,
  DATA_SOURCE_RECORD,
  SOURCE_SCHEMA,
} from '../../../src/model/api/sources';
import { ID_PARAMS } from '../../http/idParams';
import { LIST_ANSWER_DESCRIPTION, LIST_QUERYSTRING } from '../../http/listQuerySchema';

// Route schemas of /api/v1/datasources; the payloads and answers are the model's
// (src/model/api/sources.ts).

const tags = ['sources'];

export const LIST_SOURCES = {
  tags,
  summary: 'List the data sources of the account.',
  querystring: LIST_QUERYSTRING,
  response: { 200: z.array(DATA_SOURCE_RECORD).describe(LIST_ANSWER_DESCRIPTION) },
};

export const GET_SOURCE = {
  tags,
  summary: 'One data source.',
  params: ID_PARAMS,
  response: { 200: DATA_SOURCE_RECORD },
};

export const CREATE_SOURCE = {
  tags,
  summary: 'Add a data source (the account has one DuckDB warehouse at most).',
  body: DATA_SOURCE_INPUT,
  response: { 200: DATA_SOURCE_RECORD },
};

export const UPDATE_SOURCE = {
  tags,
  summary: 'Change a data source; its type stays.',
  params: ID_PARAMS,
  body: DATA_SOURCE_INPUT,
  response: { 200: DATA_SOURCE_RECORD },
};

export const DELETE_SOURCE = {
  tags,
  summary: 'Delete a data source no dataset uses; answers the deleted record.',
  params: ID_PARAMS,
  response: { 200: DATA_SOURCE_RECORD },
};

export const TEST_SOURCE = {
  tags,
  summary: 'Try to connect to a data source with a throw-away connection.',
  params: ID_PARAMS,
  response: { 200: CONNECTION_TEST },
};

export const SOURCE_TABLES = {
  tags,
  summary: 'The tables and columns of a data source.',
  params: ID_PARAMS,
  response: { 200: SOURCE_SCHEMA },
};
