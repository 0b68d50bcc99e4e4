import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Subscription } from '../../../common/api/subscriptions';
import { badRequest, forbidden, notFound } from '../../errors';
import { currentUser, requireSection } from '../../plugins/auth';
import { shareLookupLimit } from '../../plugins/rateLimits';
import { findDashboardRow, toDashboard } from '../dashboards/repository';
import { checkRenderToken, renderViewer } from '../shares/renderTokenService';
import { checkFilterValues, renderDashboard } from './exports';
import {
  deleteSubscription,
  findSubscription,
  insertSubscription,
  recipientUsers,
  runsOf,
  setRecipients,
  setSubscriptionPaused,
  subscriptionsOf,
} from './repository';
import {
  CREATE_SUBSCRIPTION,
  DELETE_SUBSCRIPTION,
  LIST_RUNS,
  LIST_SUBSCRIPTIONS,
  PAUSE_SUBSCRIPTION,
} from './schemas';
import { checkUnsubscribeToken } from './unsubscribeLinks';
import { checkWebhookUrl } from './webhookHosts';

// Subscriptions of dashboards and their runs; the unsubscribe link of their e-mails and the
// signed picture link of their webhook messages (neither needs a session: each carries a
// token the server signed).

const PATH = '/api/v1/subscriptions';
const canRead = requireSection('dashboards', 'read');

/** Who may subscribe others and send to webhooks: editors and admins of the account. */
const maySubscribeOthers = (role: string) => role === 'admin' || role === 'editor';

export function registerSubscriptionRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const visibleSubscriptions = async (request: FastifyRequest, all: boolean) => {
    const user = currentUser(request);
    if (all && user.role !== 'admin') throw forbidden('Only admins see every subscription.');
    return subscriptionsOf(app.db, user.accountId, all ? undefined : user.id);
  };

  typed.get(PATH, { preValidation: canRead, schema: LIST_SUBSCRIPTIONS }, async (request) =>
    visibleSubscriptions(request, request.query.all === 'true'),
  );

  typed.get(`${PATH}/runs`, { preValidation: canRead, schema: LIST_RUNS }, async (request) => {
    const shown = await visibleSubscriptions(request, request.query.all === 'true');
    return runsOf(
      app.db,
      currentUser(request).accountId,
      shown.map((s) => s.id),
    );
  });

  typed.post(PATH, { preValidation: canRead, schema: CREATE_SUBSCRIPTION }, async (request) => {
    const user = currentUser(request);
    const input = request.body;
    const dashboard = toDashboard(
      await findDashboardRow(app.db, user.accountId, input.dashboardId),
    );
    checkFilterValues(dashboard, input.filters);
    const recipientIds = [...new Set(input.recipientIds ?? [user.id])];
    const others = recipientIds.some((id) => id !== user.id);
    if ((others || input.channel === 'webhook') && !maySubscribeOthers(user.role)) {
      throw forbidden('Only editors and admins subscribe colleagues or webhooks.');
    }
    if (input.channel === 'webhook' && input.webhookUrl) {
      await checkWebhookUrl(input.webhookUrl, app.config.webhookAllowedHosts);
    }
    const known = new Set(
      (await recipientUsers(app.db, user.accountId, recipientIds)).map((u) => u.id),
    );
    const unknown = recipientIds.findIndex((id) => !known.has(id));
    if (unknown >= 0) {
      throw badRequest('No active user of the account has this id.', `recipientIds.${unknown}`);
    }
    return insertSubscription(app.db, {
      accountId: user.accountId,
      dashboardId: dashboard.id,
      createdBy: user.id,
      schedule: input.schedule,
      channel: input.channel,
      webhookUrl: input.channel === 'webhook' ? input.webhookUrl : undefined,
      recipientIds: input.channel === 'webhook' ? [] : recipientIds,
      filters: input.filters,
      attachments: input.attachments,
      paused: input.paused,
    });
  });

  typed.delete(
    `${PATH}/:id`,
    { preValidation: canRead, schema: DELETE_SUBSCRIPTION },
    async (request) => {
      const user = currentUser(request);
      const subscription = await findSubscription(app.db, user.accountId, request.params.id);
      if (!subscription || !mayManage(user, subscription)) throw notFound('Subscription');
      await deleteSubscription(app.db, user.accountId, subscription.id);
      return subscription;
    },
  );

  typed.patch(
    `${PATH}/:id`,
    { preValidation: canRead, schema: PAUSE_SUBSCRIPTION },
    async (request) => {
      const user = currentUser(request);
      const subscription = await findSubscription(app.db, user.accountId, request.params.id);
      if (!subscription || !mayManage(user, subscription)) throw notFound('Subscription');
      return setSubscriptionPaused(app.db, user.accountId, subscription.id, request.body.paused);
    },
  );

  // One click in the e-mail (or its List-Unsubscribe-Post): the recipient stops receiving it.
  // A wildcard: a token is longer than a route parameter may be.
  const unsubscribe = async (request: FastifyRequest<{ Params: { '*': string } }>) => {
    const account = request.account;
    const claims =
      account &&
      (await checkUnsubscribeToken(app.config.appSecret, account.id, request.params['*']));
    const subscription =
      claims && (await findSubscription(app.db, account.id, claims.subscriptionId));
    if (!claims || !subscription) throw notFound('Subscription');
    const remaining = subscription.recipientIds.filter((id) => id !== claims.userId);
    await setRecipients(app.db, subscription.id, remaining);
    return 'You are unsubscribed: this dashboard will not be sent to you any more.';
  };
  const unsubscribeOptions = shareLookupLimit(app);
  app.get<{ Params: { '*': string } }>('/api/v1/unsubscribe/*', unsubscribeOptions, unsubscribe);
  app.post<{ Params: { '*': string } }>('/api/v1/unsubscribe/*', unsubscribeOptions, unsubscribe);

  // The picture a webhook message links to: the dashboard as the subscription's maker sees it.
  app.get<{ Params: { id: string }; Querystring: { token?: string } }>(
    '/api/v1/dashboardImages/:id',
    shareLookupLimit(app),
    async (request, reply) => {
      const account = request.account;
      const token = request.query.token ?? '';
      const claims = account && (await checkRenderToken(app.config.appSecret, account.id, token));
      if (!claims || String(claims.dashboardId) !== request.params.id) throw notFound('Picture');
      const png = await renderDashboard(app, {
        accountId: account.id,
        dashboardId: claims.dashboardId,
        viewer: renderViewer(claims),
        filters: claims.filters,
        format: 'png',
      });
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'private, max-age=3600')
        .send(png);
    },
  );
}

function mayManage(user: { id: number; role: string }, subscription: Subscription): boolean {
  return user.role === 'admin' || subscription.createdBy === user.id;
}
