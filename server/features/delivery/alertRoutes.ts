import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Alert } from '../../../common/api/alerts';
import { badRequest, forbidden, notFound } from '../../errors';
import { currentUser, requireSection } from '../../plugins/auth';
import { findChartRow, toSavedChart } from '../charts/repository';
import { watchedMeasure } from './alertConditions';
import {
  alertRunsOf,
  alertsOf,
  deleteAlert,
  findAlert,
  insertAlert,
  updateAlert,
} from './alertRepository';
import { CREATE_ALERT, DELETE_ALERT, LIST_ALERT_RUNS, LIST_ALERTS, UPDATE_ALERT } from './schemas';
import { checkWebhookUrl } from './webhookHosts';

// Alerts on charts and their checks. Everyone who reads charts sets their own alerts (checked
// as them, told to them); webhooks are for editors and admins, as for subscriptions. An
// alert is seen and managed by its owner, and by the account's admins.

const PATH = '/api/v1/alerts';
const canRead = requireSection('aicharts', 'read');

const mayPostToWebhooks = (role: string) => role === 'admin' || role === 'editor';

function mayManage(user: { id: number; role: string }, alert: Alert): boolean {
  return user.role === 'admin' || alert.createdBy === user.id;
}

export function registerAlertRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const visibleAlerts = async (request: FastifyRequest, all: boolean, chartId?: number) => {
    const user = currentUser(request);
    if (all && user.role !== 'admin') throw forbidden('Only admins see every alert.');
    return alertsOf(app.db, user.accountId, { ownerId: all ? undefined : user.id, chartId });
  };

  const checkChannel = async (role: string, change: { channel?: string; webhookUrl?: string }) => {
    if (change.channel !== 'webhook' && change.webhookUrl === undefined) return;
    if (!mayPostToWebhooks(role))
      throw forbidden('Only editors and admins send alerts to webhooks.');
    if (change.webhookUrl) await checkWebhookUrl(change.webhookUrl, app.config.webhookAllowedHosts);
  };

  const managedAlert = async (request: FastifyRequest, id: number) => {
    const user = currentUser(request);
    const alert = await findAlert(app.db, user.accountId, id);
    if (!alert || !mayManage(user, alert)) throw notFound('Alert');
    return alert;
  };

  typed.get(PATH, { preValidation: canRead, schema: LIST_ALERTS }, async (request) =>
    visibleAlerts(request, request.query.all === 'true', request.query.chartId),
  );

  typed.get(
    `${PATH}/runs`,
    { preValidation: canRead, schema: LIST_ALERT_RUNS },
    async (request) => {
      const shown = await visibleAlerts(request, request.query.all === 'true');
      return alertRunsOf(
        app.db,
        currentUser(request).accountId,
        shown.map((alert) => alert.id),
      );
    },
  );

  typed.post(PATH, { preValidation: canRead, schema: CREATE_ALERT }, async (request) => {
    const user = currentUser(request);
    const input = request.body;
    const chart = toSavedChart(await findChartRow(app.db, user.accountId, input.chartId));
    const measure = watchedMeasure(chart.spec, input.measure);
    await checkChannel(user.role, input);
    return insertAlert(app.db, {
      accountId: user.accountId,
      chartId: chart.id,
      createdBy: user.id,
      name: input.name,
      measure,
      condition: input.condition,
      schedule: input.schedule,
      channel: input.channel,
      webhookUrl: input.channel === 'webhook' ? input.webhookUrl : undefined,
      paused: input.paused,
    });
  });

  typed.patch(`${PATH}/:id`, { preValidation: canRead, schema: UPDATE_ALERT }, async (request) => {
    const alert = await managedAlert(request, request.params.id);
    const changes = request.body;
    const channel = changes.channel ?? alert.channel;
    if (channel === 'webhook' && !changes.webhookUrl && !alert.webhookUrl) {
      throw badRequest('is required for a webhook', 'webhookUrl');
    }
    await checkChannel(currentUser(request).role, changes);
    return updateAlert(app.db, currentUser(request).accountId, alert.id, changes);
  });

  typed.delete(`${PATH}/:id`, { preValidation: canRead, schema: DELETE_ALERT }, async (request) => {
    const alert = await managedAlert(request, request.params.id);
    await deleteAlert(app.db, currentUser(request).accountId, alert.id);
    return alert;
  });
}
