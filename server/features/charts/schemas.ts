import { recordRouteSchemas } from '../../http/recordRouteSchemas';
import { chartSchema, savedChartSchema } from '../../../src/model/api/charts';

const SCHEMAS = recordRouteSchemas({
  tag: 'charts',
  noun: 'chart',
  record: savedChartSchema,
  create: chartSchema,
  summaries: {
    list: "The account's saved charts.",
    show: 'One saved chart.',
    create: 'Saves a chart whose query compiles against its dataset.',
    update: 'Changes a saved chart (the body of POST; read-only fields may be echoed).',
    remove: 'Deletes a chart no dashboard shows; answers the deleted chart.',
  },
});
export const LIST_CHARTS = SCHEMAS.list;
export const GET_CHART = SCHEMAS.show;
export const CREATE_CHART = SCHEMAS.create;
export const UPDATE_CHART = SCHEMAS.update;
export const DELETE_CHART = SCHEMAS.remove;
