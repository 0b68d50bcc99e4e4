import {
  CONNECTION_TEST,
  DATA_SOURCE_INPUT,
  DATA_SOURCE_RECORD,
  SOURCE_SCHEMA,
} from '../../../common/api/sources';
import { ID_PARAMS } from '../../http/idParams';
import { recordRouteSchemas } from '../../http/recordRouteSchemas';
import { routeSchemasOf } from '../../http/routeSchema';

// Route schemas of /api/v1/datasources; the payloads and answers are the model's
// (common/api/sources.ts).

const route = routeSchemasOf('sources');

export const SOURCE_ROUTES = recordRouteSchemas(
  { tag: 'sources', noun: 'data source', record: DATA_SOURCE_RECORD, create: DATA_SOURCE_INPUT },
  {
    create: 'Add a data source (the account has one DuckDB warehouse at most).',
    update: 'Change a data source; its type stays.',
    remove: 'Delete a data source no dataset uses; answers the deleted record.',
  },
);

export const TEST_SOURCE = route('Try to connect to a data source with a throw-away connection.', {
  params: ID_PARAMS,
  answer: CONNECTION_TEST,
});

export const SOURCE_TABLES = route('The tables and columns of a data source.', {
  params: ID_PARAMS,
  answer: SOURCE_SCHEMA,
});
