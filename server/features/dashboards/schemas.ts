import { z } from 'zod';
import { dashboardRecordSchema, dashboardSchema } from '../../../src/model/api/dashboards';
import { ID_PARAMS } from '../../http/idParams';
import { LIST_ANSWER_DESCRIPTION, LIST_QUERYSTRING } from '../../http/listQuerySchema';

// Route schemas of /api/v1/dashboards; the wire shapes are the shared model's.

const tags = ['dashboards'];

export const LIST_DASHBOARDS = {
  tags,
  summary: "The account's dashboards.",
  querystring: LIST_QUERYSTRING,
  response: { 200: z.array(dashboardRecordSchema).describe(LIST_ANSWER_DESCRIPTION) },
};

export const GET_DASHBOARD = {
  tags,
  summary: 'One dashboard.',
  params: ID_PARAMS,
  response: { 200: dashboardRecordSchema },
};

export const CREATE_DASHBOARD = {
  tags,
  summary: 'Saves a dashboard whose tiles and filters name charts of the account.',
  body: dashboardSchema,
  response: { 200: dashboardRecordSchema },
};

// An update may echo the record GET answered (read-only fields unchanged): parseUpdate reads
// the body against the stored record, so the route takes it as it comes.
export const UPDATE_DASHBOARD = {
  tags,
  summary: 'Changes a dashboard (the body of POST; read-only fields may be echoed).',
  params: ID_PARAMS,
  body: z.unknown().describe('The dashboard, as POST takes it; read-only fields may be echoed.'),
  response: { 200: dashboardRecordSchema },
};

export const DELETE_DASHBOARD = {
  tags,
  summary: 'Deletes a dashboard and its share links; answers the deleted dashboard.',
  params: ID_PARAMS,
  response: { 200: dashboardRecordSchema },
};

export const DUPLICATE_DASHBOARD = {
  tags,
  summary: 'Copies a dashboard (same tiles and filters, no share links).',
  params: ID_PARAMS,
  response: { 200: dashboardRecordSchema },
};
