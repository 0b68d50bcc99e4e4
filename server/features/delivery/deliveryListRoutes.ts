import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Alert } from '../../../common/api/alerts';
import type { Delivery, Subscription, SubscriptionRun } from '../../../common/api/subscriptions';
import { forbidden } from '../../errors';
import { listRoute } from '../../http/listRoute';
import { sameNamedColumns, type ListOptions, type ListQuery } from '../../http/simpleRest';
import { currentUser, requireSection } from '../../plugins/auth';
import { chartsByIds } from '../charts/repository';
import { alertRunsOf, alertsOf } from './alertRepository';
import { dashboardNames, recipientUsers, runsOf, subscriptionsOf } from './repository';
import { LIST_DELIVERIES } from './schemas';

// The Subscriptions pages' list: a user's subscriptions (made or received) and alerts, or,
// for an admin with the filter scope=account, all of the account's; each with its latest
// runs. Few per user, so a page is cut from the whole list here.

const RUNS_SHOWN = 5;

const LIST: ListOptions = {
  columns: sameNamedColumns('name', 'kind', 'status', 'createdAt', 'scope'),
  sortable: ['name', 'kind', 'status', 'createdAt'],
  filterable: ['kind', 'status', 'scope'],
  searchable: ['name'],
  defaultSort: { field: 'createdAt', order: 'desc' },
};

type Run = Delivery['runs'][number];

function latestRuns(runs: Array<Run & { of: number }>, id: number): Run[] {
  return runs
    .filter((run) => run.of === id)
    .slice(0, RUNS_SHOWN)
    .map(({ of: _of, ...run }) => run);
}

const runOfSubscription = (run: SubscriptionRun) => ({
  of: run.subscriptionId,
  startedAt: run.startedAt,
  ...(run.durationMs !== undefined && { durationMs: run.durationMs }),
  recipients: run.recipients,
  outcome: run.outcome,
  ...(run.error !== undefined && { error: run.error }),
});

async function subscriptionLines(
  app: FastifyInstance,
  accountId: number,
  subscriptions: Subscription[],
): Promise<Delivery[]> {
  const names = await dashboardNames(
    app.db,
    accountId,
    subscriptions.map((s) => s.dashboardId),
  );
  const users = await recipientUsers(
    app.db,
    accountId,
    subscriptions.flatMap((s) => s.recipientIds),
  );
  const emailOf = new Map(users.map((user) => [user.id, user.email]));
  const runs = (
    await runsOf(
      app.db,
      accountId,
      subscriptions.map((s) => s.id),
    )
  ).map(runOfSubscription);
  return subscriptions.map((subscription) => {
    const dashboardName = names.get(subscription.dashboardId) ?? '';
    const latest = latestRuns(runs, subscription.id);
    const failing = latest[0]?.outcome === 'failed';
    return {
      id: `subscription-${subscription.id}`,
      kind: 'subscription' as const,
      recordId: subscription.id,
      name: dashboardName,
      target: { type: 'dashboard' as const, id: subscription.dashboardId, name: dashboardName },
      schedule: subscription.schedule,
      channel: subscription.channel,
      recipients:
        subscription.channel === 'webhook'
          ? [new URL(subscription.webhookUrl ?? 'http://unknown').host]
          : subscription.recipientIds.flatMap((id) => emailOf.get(id) ?? []),
      ownerId: subscription.createdBy,
      paused: subscription.paused,
      status: subscription.paused ? 'paused' : failing ? 'failing' : 'active',
      ...(failing && latest[0].error !== undefined && { lastError: latest[0].error }),
      runs: latest,
      createdAt: subscription.createdAt,
    };
  });
}

async function alertLines(
  app: FastifyInstance,
  accountId: number,
  alerts: Alert[],
): Promise<Delivery[]> {
  const charts = await chartsByIds(
    app.db,
    accountId,
    alerts.map((a) => a.chartId),
  );
  const chartName = new Map(charts.map((chart) => [chart.id, chart.name]));
  const owners = await recipientUsers(
    app.db,
    accountId,
    alerts.map((a) => a.createdBy),
  );
  const emailOf = new Map(owners.map((user) => [user.id, user.email]));
  const runs = (
    await alertRunsOf(
      app.db,
      accountId,
      alerts.map((a) => a.id),
    )
  ).map(({ alertId, id: _id, tick: _tick, value: _value, ...run }) => ({
    of: alertId,
    ...run,
  }));
  return alerts.map((alert) => ({
    id: `alert-${alert.id}`,
    kind: 'alert' as const,
    recordId: alert.id,
    name: alert.name,
    target: { type: 'chart' as const, id: alert.chartId, name: chartName.get(alert.chartId) ?? '' },
    schedule: alert.schedule,
    channel: alert.channel,
    recipients:
      alert.channel === 'webhook'
        ? [new URL(alert.webhookUrl ?? 'http://unknown').host]
        : [emailOf.get(alert.createdBy) ?? ''].filter(Boolean),
    ownerId: alert.createdBy,
    paused: alert.paused,
    status: alert.paused ? 'paused' : alert.lastError ? 'failing' : 'active',
    ...(alert.lastError !== undefined && { lastError: alert.lastError }),
    runs: latestRuns(runs, alert.id),
    createdAt: alert.createdAt,
  }));
}

function matches(line: Delivery, query: ListQuery): boolean {
  const { kind, status } = query.filters;
  const kinds = kind === undefined ? null : [kind].flat();
  const statuses = status === undefined ? null : [status].flat();
  if (kinds && !kinds.includes(line.kind)) return false;
  if (statuses && !statuses.includes(line.status)) return false;
  return !query.search || line.name.toLowerCase().includes(query.search.toLowerCase());
}

function compare(query: ListQuery) {
  const field = query.sort.field as 'name' | 'kind' | 'status' | 'createdAt';
  const sign = query.sort.order === 'asc' ? 1 : -1;
  return (a: Delivery, b: Delivery) =>
    sign * a[field].localeCompare(b[field]) || a.id.localeCompare(b.id);
}

export function registerDeliveryListRoutes(app: FastifyInstance): void {
  const lines = async (request: FastifyRequest, query: ListQuery) => {
    const user = currentUser(request);
    const wholeAccount = query.filters.scope === 'account';
    if (wholeAccount && user.role !== 'admin') {
      throw forbidden("Only admins see the account's subscriptions and alerts.");
    }
    const ownerId = wholeAccount ? undefined : user.id;
    const subscriptions = await subscriptionsOf(app.db, user.accountId, ownerId);
    const alerts = await alertsOf(app.db, user.accountId, { ownerId });
    const [self] = await recipientUsers(app.db, user.accountId, [user.id]);
    // A recipient who did not make a subscription sees themselves among its recipients only.
    const received = (line: Delivery) =>
      user.role !== 'admin' && line.ownerId !== user.id
        ? { ...line, recipients: line.recipients.filter((email) => email === self?.email) }
        : line;
    return [
      ...(await subscriptionLines(app, user.accountId, subscriptions)).map(received),
      ...(await alertLines(app, user.accountId, alerts)),
    ];
  };
  app.get(
    '/api/v1/deliveries',
    { preValidation: requireSection('subscriptions', 'read'), schema: LIST_DELIVERIES },
    listRoute({
      resource: 'deliveries',
      options: LIST,
      page: async (request, query) => {
        const shown = (await lines(request, query)).filter((line) => matches(line, query));
        shown.sort(compare(query));
        return { records: shown.slice(query.start, query.end + 1), total: shown.length };
      },
    }),
  );
}
