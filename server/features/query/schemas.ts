import {
  FIELD_VALUES_ANSWER,
  FIELD_VALUES_REQUEST,
  QUERY_REQUEST,
  QUERY_RESULT,
  SQL_REQUEST,
} from '../../../common/api/query';
import { PIVOT_REQUEST, ROWS_ANSWER, ROWS_REQUEST } from '../../../common/api/drill';
import { routeSchemasOf } from '../../http/routeSchema';

// Route schemas of POST /query, /query/values and /sql; the payloads and answers are the
// model's (common/api/query.ts).

const route = routeSchemasOf('query');

export const RUN_QUERY = route('Run a semantic query over a dataset (charts, dashboards).', {
  body: QUERY_REQUEST,
  answer: QUERY_RESULT,
});

export const FIELD_VALUES = route(
  "A field's values, the most frequent first, for a dashboard values filter.",
  { body: FIELD_VALUES_REQUEST, answer: FIELD_VALUES_ANSWER },
);

export const RUN_SQL = route('Run read-only explorer SQL against a data source.', {
  body: SQL_REQUEST,
  answer: QUERY_RESULT,
});

export const UNDERLYING_ROWS = route(
  'A page of a dataset\'s own rows under filters ("View these rows"), under the viewer\'s row policies.',
  { body: ROWS_REQUEST, answer: ROWS_ANSWER },
);

export const RUN_PIVOT = route(
  "A pivot's cells with subtotals and totals: `__grouping` is a bit mask of the dimensions a row totals over (the first dimension the highest bit).",
  { body: PIVOT_REQUEST, answer: QUERY_RESULT },
);
