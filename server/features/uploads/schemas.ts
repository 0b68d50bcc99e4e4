import { z } from 'zod';
import {
  COLUMN_TYPES_REQUEST,
  DROPPED_TABLE,
  UPLOAD_FORM,
  UPLOAD_QUERY,
  UPLOADED_TABLE,
} from '../../../common/api/uploads';
import { ID_PARAMS } from '../../http/idParams';
import { routeSchemasOf } from '../../http/routeSchema';

// Route schemas of the warehouse uploads under /api/v1/datasources/{id}; the payloads and
// answers are the model's (common/api/uploads.ts). The upload's multipart form is streamed
// by stageUpload.ts, so that route documents it (`formBody`) rather than have Fastify parse it.

const route = routeSchemasOf('uploads');

const TABLE_PARAMS = ID_PARAMS.extend({ table: z.string() });

export const UPLOAD_FILE = route(
  'Upload a CSV, Parquet or JSON file (multipart field "file") as a warehouse table.',
  { params: ID_PARAMS, querystring: UPLOAD_QUERY, formBody: UPLOAD_FORM, answer: UPLOADED_TABLE },
);

export const SET_COLUMN_TYPES = route('Confirm or change the column types of a warehouse table.', {
  params: TABLE_PARAMS,
  body: COLUMN_TYPES_REQUEST,
  answer: UPLOADED_TABLE,
});

export const DROP_TABLE = route('Discard a warehouse table no dataset uses.', {
  params: TABLE_PARAMS,
  answer: DROPPED_TABLE,
});
