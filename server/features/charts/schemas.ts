import { recordRouteSchemas } from '../../http/recordRouteSchemas';
import { chartSchema, savedChartSchema } from '../../../common/api/charts';

export const CHART_ROUTES = recordRouteSchemas(
  { tag: 'charts', noun: 'chart', record: savedChartSchema, create: chartSchema },
  {
    list: "The account's saved charts.",
    show: 'One saved chart.',
    create: 'Saves a chart whose query compiles against its dataset.',
    update: 'Changes a saved chart (the body of POST; read-only fields may be echoed).',
    remove: 'Deletes a chart no dashboard shows; answers the deleted chart.',
  },
);
