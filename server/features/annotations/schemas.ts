import { z } from 'zod';
import {
  ANNOTATION_INPUT,
  ANNOTATION_LIST_QUERY,
  ANNOTATION_RECORD,
} from '../../../common/api/annotations';
import { ID_PARAMS } from '../../http/idParams';
import { routeSchemasOf } from '../../http/routeSchema';

// Route schemas of a dataset's annotations: every user of the account reads them, editors
// and admins write them.

const route = routeSchemasOf('annotations');

export const ANNOTATION_PARAMS = ID_PARAMS.extend({ annotationId: ID_PARAMS.shape.id });

export const LIST_ANNOTATIONS = route(
  "A dataset's annotations by start day; with chartId, those on every chart of it and that chart's.",
  { params: ID_PARAMS, querystring: ANNOTATION_LIST_QUERY, answer: z.array(ANNOTATION_RECORD) },
);

export const CREATE_ANNOTATION = route(
  'Adds an annotation on a chart of the dataset, or on every chart of it (chartId null).',
  { params: ID_PARAMS, body: ANNOTATION_INPUT, answer: ANNOTATION_RECORD },
);

export const UPDATE_ANNOTATION = route('Changes an annotation.', {
  params: ANNOTATION_PARAMS,
  body: ANNOTATION_INPUT,
  answer: ANNOTATION_RECORD,
});

export const DELETE_ANNOTATION = route('Removes an annotation; answers it.', {
  params: ANNOTATION_PARAMS,
  answer: ANNOTATION_RECORD,
});
