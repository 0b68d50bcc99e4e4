import { z } from 'zod';
import { ID_PARAMS } from '../../http/idParams';
import { LIST_ANSWER_DESCRIPTION, LIST_QUERYSTRING } from '../../http/listQuerySchema';
import { chartSchema, savedChartSchema } from '../../../src/model/api/charts';

const tags = ['charts'];

export const LIST_CHARTS = {
  tags,
  summary: "The account's saved charts.",
  querystring: LIST_QUERYSTRING,
  response: { 200: z.array(savedChartSchema).describe(LIST_ANSWER_DESCRIPTION) },
};

export const GET_CHART = {
  tags,
  summary: 'One saved chart.',
  params: ID_PARAMS,
  response: { 200: savedChartSchema },
};

export const CREATE_CHART = {
  tags,
  summary: 'Saves a chart whose query compiles against its dataset.',
  body: chartSchema,
  response: { 200: savedChartSchema },
};

// An update may echo the record GET answered (read-only fields unchanged): parseUpdate reads
// the body against the stored record, so the route takes it as it comes.
export const UPDATE_CHART = {
  tags,
  summary: 'Changes a saved chart (the body of POST; read-only fields may be echoed).',
  params: ID_PARAMS,
  body: z.unknown().describe('The chart, as POST takes it; read-only fields may be echoed.'),
  response: { 200: savedChartSchema },
};

export const DELETE_CHART = {
  tags,
  summary: 'Deletes a chart no dashboard shows; answers the deleted chart.',
  params: ID_PARAMS,
  response: { 200: savedChartSchema },
};
