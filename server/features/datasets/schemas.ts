import {
  DATASET_INPUT,
  DATASET_RECORD,
  PREVIEW_QUERY,
  ROW_COUNT,
} from '../../../common/api/datasets';
import { QUERY_RESULT } from '../../../common/api/query';
import { ID_PARAMS } from '../../http/idParams';
import { recordRouteSchemas } from '../../http/recordRouteSchemas';
import { routeSchemasOf } from '../../http/routeSchema';

// Route schemas of /api/v1/datasets; the payloads and answers are the model's
// (common/api/datasets.ts).

const route = routeSchemasOf('datasets');

export const DATASET_ROUTES = recordRouteSchemas(
  { tag: 'datasets', noun: 'dataset', record: DATASET_RECORD, create: DATASET_INPUT },
  {
    create: 'Add a dataset over a table or SQL of a source; fields are detected when omitted.',
    remove: 'Delete a dataset no saved chart uses; answers the deleted record.',
  },
);

export const PREVIEW_DATASET = route("The dataset's first rows.", {
  params: ID_PARAMS,
  querystring: PREVIEW_QUERY,
  answer: QUERY_RESULT,
});

export const DATASET_ROW_COUNT = route("The dataset's stored row count.", {
  params: ID_PARAMS,
  answer: ROW_COUNT,
});

export const REFRESH_DATASET = route(
  'Re-read the columns (edits kept) and the row count of a dataset.',
  { params: ID_PARAMS, answer: DATASET_RECORD },
);
