import {
  FIELD_VALUES_ANSWER,
  FIELD_VALUES_REQUEST,
  QUERY_REQUEST,
  QUERY_RESULT,
  SQL_REQUEST,
} from '../../../src/model/api/query';

// Route schemas of POST /query, /query/values and /sql; the payloads and answers are the
// model's (src/model/api/query.ts).

const tags = ['query'];

export const RUN_QUERY = {
  tags,
  summary: 'Run a semantic query over a dataset (charts, dashboards).',
  body: QUERY_REQUEST,
  response: { 200: QUERY_RESULT },
};

export const FIELD_VALUES = {
  tags,
  summary: "A field's values, the most frequent first, for a dashboard values filter.",
  body: FIELD_VALUES_REQUEST,
  response: { 200: FIELD_VALUES_ANSWER },
};

export const RUN_SQL = {
  tags,
  summary: 'Run read-only explorer SQL against a data source.',
  body: SQL_REQUEST,
  response: { 200: QUERY_RESULT },
};
