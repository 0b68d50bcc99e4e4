import { CHART_EXPORT_REQUEST, DASHBOARD_EXPORT_REQUEST } from '../../../common/api/delivery';
import { ID_PARAMS } from '../../http/idParams';
import { routeSchemasOf } from '../../http/routeSchema';

// Route schemas of the exports (their answers are files, not JSON).

const dashboards = routeSchemasOf('dashboards');
const charts = routeSchemasOf('aicharts');

export const EXPORT_DASHBOARD = dashboards(
  'The dashboard as a PDF (one page per screenful, text selectable) or a PNG, as the caller sees it.',
  {
    description:
      "Rendered with the caller's row policies and the filter values given (the dashboard's defaults otherwise). 503 when the renderer is busy or the render takes too long.",
    params: ID_PARAMS,
    body: DASHBOARD_EXPORT_REQUEST,
  },
);

export const EXPORT_CHART = charts(
  "The chart's data as an Excel workbook (numbers as numbers, dates as dates, the chart's formats), as the caller may read it.",
  { params: ID_PARAMS, body: CHART_EXPORT_REQUEST },
);
