import { dashboardRecordSchema, dashboardSchema } from '../../../common/api/dashboards';
import { ID_PARAMS } from '../../http/idParams';
import { recordRouteSchemas } from '../../http/recordRouteSchemas';
import { routeSchemasOf } from '../../http/routeSchema';

// Route schemas of /api/v1/dashboards; the wire shapes are the shared model's.

const route = routeSchemasOf('dashboards');

export const DASHBOARD_ROUTES = recordRouteSchemas(
  { tag: 'dashboards', noun: 'dashboard', record: dashboardRecordSchema, create: dashboardSchema },
  {
    list: "The account's dashboards.",
    show: 'One dashboard.',
    create: 'Saves a dashboard whose tiles and filters name charts of the account.',
    update: 'Changes a dashboard (the body of POST; read-only fields may be echoed).',
    remove: 'Deletes a dashboard and its share links; answers the deleted dashboard.',
  },
);

export const DUPLICATE_DASHBOARD = route(
  'Copies a dashboard (same tiles and filters, no share links).',
  { params: ID_PARAMS, answer: dashboardRecordSchema },
);
