import { z } from 'zod';
import { ALERT, ALERT_INPUT, ALERT_RUN, ALERT_UPDATE } from '../../../common/api/alerts';
import { CHART_EXPORT_REQUEST, DASHBOARD_EXPORT_REQUEST } from '../../../common/api/delivery';
import {
  DELIVERY,
  SUBSCRIPTION,
  SUBSCRIPTION_INPUT,
  SUBSCRIPTION_RUN,
} from '../../../common/api/subscriptions';
import { ID_PARAMS } from '../../http/idParams';
import { listOf, routeSchemasOf } from '../../http/routeSchema';

// Route schemas of the exports (their answers are files, not JSON).

const dashboards = routeSchemasOf('dashboards');
const charts = routeSchemasOf('aicharts');

export const EXPORT_DASHBOARD = dashboards(
  'The dashboard as a PDF (each tab on its own pages under its title, text selectable) or a PNG of one tab, as the caller sees it.',
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

const subscriptions = routeSchemasOf('subscriptions');

export const LIST_SUBSCRIPTIONS = subscriptions(
  'The subscriptions the caller made or receives; an admin with ?all=true, all of the account.',
  {
    querystring: z.object({ all: z.enum(['true', 'false']).optional() }),
    answer: z.array(SUBSCRIPTION),
  },
);
export const CREATE_SUBSCRIPTION = subscriptions(
  'Subscribes the caller (an editor or admin also colleagues of the account) to a dashboard on a schedule.',
  { body: SUBSCRIPTION_INPUT, answer: SUBSCRIPTION },
);
export const DELETE_SUBSCRIPTION = subscriptions(
  'Deletes a subscription (its maker or an admin) and its runs; answers it.',
  { params: ID_PARAMS, answer: SUBSCRIPTION },
);
export const LIST_RUNS = subscriptions(
  "The latest runs of the caller's subscriptions; an admin with ?all=true, of the account's.",
  {
    querystring: z.object({ all: z.enum(['true', 'false']).optional() }),
    answer: z.array(SUBSCRIPTION_RUN),
  },
);

const alerts = routeSchemasOf('alerts');
const ALERT_LIST_QUERY = z.object({
  all: z.enum(['true', 'false']).optional(),
  chartId: z.coerce.number().int().positive().optional(),
});

export const LIST_ALERTS = alerts(
  "The caller's alerts (on one chart with ?chartId); an admin with ?all=true, all of the account.",
  { querystring: ALERT_LIST_QUERY, answer: z.array(ALERT) },
);
export const CREATE_ALERT = alerts(
  'Sets an alert on a chart whose result is a number or one series, checked as the caller sees it (their row policies); they are told when it starts and when it ends.',
  { body: ALERT_INPUT, answer: ALERT },
);
export const UPDATE_ALERT = alerts(
  'Changes an alert (its owner or an admin): its condition, schedule, channel, or pauses and resumes it.',
  { params: ID_PARAMS, body: ALERT_UPDATE, answer: ALERT },
);
export const DELETE_ALERT = alerts(
  'Deletes an alert (its owner or an admin) and its runs; answers it.',
  {
    params: ID_PARAMS,
    answer: ALERT,
  },
);
export const LIST_ALERT_RUNS = alerts(
  "The latest checks of the caller's alerts; an admin with ?all=true, of the account's.",
  {
    querystring: z.object({ all: z.enum(['true', 'false']).optional() }),
    answer: z.array(ALERT_RUN),
  },
);

export const LIST_DELIVERIES = routeSchemasOf('subscriptions')(
  "The caller's subscriptions (made or received) and alerts with their latest runs; an admin with the filter scope=account, all of the account's.",
  listOf(DELIVERY),
);
export const PAUSE_SUBSCRIPTION = subscriptions(
  'Pauses or resumes a subscription (its maker or an admin); answers it.',
  { params: ID_PARAMS, body: z.strictObject({ paused: z.boolean() }), answer: SUBSCRIPTION },
);
