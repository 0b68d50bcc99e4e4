import type { FastifyInstance } from 'fastify';
import { DashboardRenderer } from './dashboardRenderer';
import { registerAlertChecks } from './alertChecks';
import { registerAlertRoutes } from './alertRoutes';
import { registerSubscriptionDeliveries } from './deliveries';
import { registerDeliveryListRoutes } from './deliveryListRoutes';
import { registerExportRoutes } from './exportRoutes';
import { registerSubscriptionRoutes } from './subscriptionRoutes';

// Delivery: dashboards and charts that leave the app: exports on demand, and subscriptions
// delivered on a schedule by e-mail or webhook, and alerts on charts checked on a schedule.
// One periodic check (once a minute over all instances) queues both the due deliveries and
// the due alert checks.

const CHECK_EVERY_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The headless browser that renders dashboards to PDF and PNG (launched on first use). */
    dashboardRenderer: DashboardRenderer;
  }
}

export function registerDeliveryRoutes(app: FastifyInstance): void {
  const renderer = new DashboardRenderer(app, app.config.render);
  app.decorate('dashboardRenderer', renderer);
  app.addHook('onClose', () => renderer.close());
  registerExportRoutes(app);
  registerSubscriptionRoutes(app);
  registerAlertRoutes(app);
  registerDeliveryListRoutes(app);
  const dueDeliveries = registerSubscriptionDeliveries(app);
  const dueChecks = registerAlertChecks(app);
  app.jobs.every({
    name: 'subscription-ticks',
    everyMs: CHECK_EVERY_MS,
    run: async () => {
      const now = new Date();
      await dueDeliveries(now);
      await dueChecks(now);
    },
  });
}
