import { dashboardRecordSchema, dashboardSchema } from '../../../src/model/api/dashboards';
import { ID_PARAMS } from '../../http/idParams';
import { recordRouteSchemas } from '../../http/recordRouteSchemas';

// Route schemas of /api/v1/dashboards; the wire shapes are the shared model's.

const tags = ['dashboards'];

const SCHEMAS = recordRouteSchemas({
  tag: 'dashboards',
  noun: 'dashboard',
  record: dashboardRecordSchema,
  create: dashboardSchema,
  summaries: {
    list: "The account's dashboards.",
    show: 'One dashboard.',
    create: 'Saves a dashboard whose tiles and filters name charts of the account.',
    update: 'Changes a dashboard (the body of POST; read-only fields may be echoed).',
    remove: 'Deletes a dashboard and its share links; answers the deleted dashboard.',
  },
});
export const LIST_DASHBOARDS = SCHEMAS.list;
export const GET_DASHBOARD = SCHEMAS.show;
export const CREATE_DASHBOARD = SCHEMAS.create;
export const UPDATE_DASHBOARD = SCHEMAS.update;
export const DELETE_DASHBOARD = SCHEMAS.remove;

export const DUPLICATE_DASHBOARD = {
  tags,
  summary: 'Copies a dashboard (same tiles and filters, no share links).',
  params: ID_PARAMS,
  response: { 200: dashboardRecordSchema },
};
